import { RotateCcw } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { REGISTRATION_STEP_SLOTS } from '../../../domain/document-slots';
import { PREMISES } from '../../../domain/vocabularies';
import { SelectField, TextareaField, TextField } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import type { DocumentUploads } from '../../components/uploads/use-document-uploads';
import { SlotField } from './slot-field';
import { CategoryField, PostalCodeField, TurnoverField } from './store-special-fields';
import { useStepForm } from './use-step-form';
import type { StoreForm } from './wizard-schemas';
import { StepForm } from './wizard-step-form';

// Loaded when the button is pressed: step 1 paints with the page (first-load budget).
const RestartDialog = lazy(async () => ({ default: (await import('./restart-dialog')).RestartDialog }));

type StoreStepProps = {
  defaults: Partial<StoreForm>;
  uploads: DocumentUploads;
  onNext: (values: StoreForm) => void;
  /** Mulai dari awal: clears the draft, uploads and typed values (decision 0021). */
  onRestart: () => void;
};

/** Step 1, Data Toko. */
export function StoreStep({ defaults, uploads, onNext, onRestart }: StoreStepProps) {
  const [confirming, setConfirming] = useState(false);
  const { form, onInvalid } = useStepForm(0, {
    ...defaults,
    foto_usaha: uploads.documents.foto_usaha?.uploadId ?? null,
    foto_produk: uploads.documents.foto_produk?.uploadId ?? null,
  } as Partial<StoreForm>);
  const waiting = uploads.uploading(REGISTRATION_STEP_SLOTS.store);
  return (
    <>
      <StepForm
        form={form}
        onInvalid={onInvalid}
        onNext={onNext}
        waiting={waiting}
        label="Data Toko"
        footer={
          <div className="mt-6 flex justify-end">
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
              <RotateCcw aria-hidden /> Mulai dari awal
            </Button>
          </div>
        }
      >
        <div className="sm:col-span-2">
          <TextField name="nama_toko" label="Nama Toko" required autoComplete="organization" placeholder="Contoh: Toko Sumber Rejeki" />
        </div>
        <div className="sm:col-span-2">
          <CategoryField />
        </div>
        <div className="sm:col-span-2">
          <TextareaField
            name="alamat_jalan"
            label="Alamat Lengkap"
            required
            hint="Nama jalan, nomor, RT/RW, kelurahan"
            placeholder="Contoh: Jl. Merdeka No. 10, RT 02/RW 03, Kel. Gambir"
          />
        </div>
        <TextField name="kecamatan" label="Kecamatan" required />
        <TextField name="kota_kab" label="Kota/Kabupaten" required />
        <TextField name="provinsi" label="Provinsi" required />
        <PostalCodeField />
        <SelectField name="tempat_usaha" label="Status Tempat Usaha" options={PREMISES} placeholder="Pilih (opsional)" emptyAsNull />
        <TurnoverField />
        <SlotField slot="foto_usaha" uploads={uploads} />
        <SlotField slot="foto_produk" uploads={uploads} />
      </StepForm>
      {confirming && (
        <Suspense fallback={null}>
          <RestartDialog
            open
            onOpenChange={setConfirming}
            onConfirm={() => {
              setConfirming(false);
              onRestart();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
