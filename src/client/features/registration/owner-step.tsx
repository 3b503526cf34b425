import { TextareaField, TextField } from '../../components/form-fields';
import { NikWarning } from './nik-warning';
import { useStepForm } from './use-step-form';
import type { OwnerForm } from './wizard-schemas';
import { StepForm, type StepProps } from './wizard-step-form';

type OwnerStepProps = StepProps<OwnerForm>;

/** Step 2, Data Pemilik. */
export function OwnerStep({ defaults, onNext, onBack }: OwnerStepProps) {
  const { form, onInvalid } = useStepForm(1, defaults);
  return (
    <StepForm form={form} onInvalid={onInvalid} onNext={onNext} onBack={onBack} label="Data Pemilik">
      <div className="sm:col-span-2">
        <TextField name="nama_pemilik" label="Nama Lengkap Pemilik" required hint="Sesuai KTP" autoComplete="name" />
      </div>
      <div className="space-y-2">
        <TextField name="nik" label="NIK" required hint="16 digit nomor induk kependudukan pada KTP" inputMode="numeric" maxLength={24} />
        <NikWarning />
      </div>
      <TextField
        name="no_hp"
        label="Nomor HP"
        required
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="Contoh: 0812 3456 7890"
        maxLength={20}
      />
      <div className="sm:col-span-2">
        <TextField name="email" label="Email" required type="email" inputMode="email" autoComplete="email" placeholder="nama@contoh.com" />
      </div>
      <div className="sm:col-span-2">
        <TextareaField name="alamat_pemilik" label="Alamat Pemilik" required hint="Sesuai KTP" />
      </div>
    </StepForm>
  );
}
