import { FormProvider } from 'react-hook-form';
import { BANKS } from '../../../domain/vocabularies';
import { useStepForm } from './use-step-form';
import { SelectField, TextField } from '../../components/form-fields';
import { WizardNav } from './wizard-nav';
import type { BankForm } from './wizard-schemas';

type BankStepProps = {
  defaults: Partial<BankForm>;
  onNext: (values: BankForm) => void;
  onBack: (values: Partial<BankForm>) => void;
};

/** Step 4, Rekening Bank. */
export function BankStep({ defaults, onNext, onBack }: BankStepProps) {
  const { form, onInvalid } = useStepForm(3, defaults);
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(onNext, onInvalid)(event)} aria-label="Rekening Bank">
        <div className="grid gap-5 sm:grid-cols-2">
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
        </div>
        <WizardNav onBack={() => onBack(form.getValues())} />
      </form>
    </FormProvider>
  );
}
