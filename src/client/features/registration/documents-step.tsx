import { FormProvider } from 'react-hook-form';
import { REGISTRATION_STEP_SLOTS } from '../../../domain/document-slots';
import type { DocumentUploads } from '../../components/uploads/use-document-uploads';
import { SlotField } from './slot-field';
import { useStepForm } from './use-step-form';
import { WizardNav } from './wizard-nav';
import type { DocumentsForm } from './wizard-schemas';

type DocumentsStepProps = {
  uploads: DocumentUploads;
  onNext: () => void;
  onBack: () => void;
};

/** Step 3, Dokumen: KTP, selfie with KTP and KK required; NPWP and SIUP/NIB optional. */
export function DocumentsStep({ uploads, onNext, onBack }: DocumentsStepProps) {
  const slots = REGISTRATION_STEP_SLOTS.documents;
  const { form, onInvalid } = useStepForm(
    2,
    Object.fromEntries(slots.map((slot) => [slot, uploads.documents[slot]?.uploadId ?? null])) as Partial<DocumentsForm>,
  );
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(() => onNext(), onInvalid)(event)} aria-label="Dokumen">
        <p className="mb-5 text-sm text-slate-600">
          Pastikan foto jelas dan seluruh bagian dokumen terlihat. Dokumen disimpan secara privat dan hanya dapat dilihat oleh tim
          verifikasi AIPOS.
        </p>
        <div className="grid gap-6 sm:grid-cols-2">
          {slots.map((slot) => (
            <SlotField key={slot} slot={slot} uploads={uploads} />
          ))}
        </div>
        <WizardNav onBack={onBack} waiting={uploads.uploading(slots)} />
      </form>
    </FormProvider>
  );
}
