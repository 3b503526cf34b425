import { BANKS } from '../../../domain/vocabularies';
import { SelectField, TextField } from '../../components/form-fields';
import { useStepForm } from './use-step-form';
import type { BankForm } from './wizard-schemas';
import { StepForm, type StepProps } from './wizard-step-form';

type BankStepProps = StepProps<BankForm>;

/** Step 4, Rekening Bank. */
export function BankStep({ defaults, onNext, onBack }: BankStepProps) {
  const { form, onInvalid } = useStepForm(3, defaults);
  return (
    <StepForm form={form} onInvalid={onInvalid} onNext={onNext} onBack={onBack} label="Rekening Bank">
      <SelectField name="nama_bank" label="Nama Bank" required options={BANKS} placeholder="Pilih bank" />
      <TextField name="no_rekening" label="Nomor Rekening" required inputMode="numeric" maxLength={30} />
      <div className="sm:col-span-2">
        <TextField
          name="nama_rekening"
          label="Nama Pemilik Rekening"
          required
          hint="Sesuai buku tabungan; dana hasil transaksi dicairkan ke rekening ini"
        />
      </div>
    </StepForm>
  );
}
