import type { ReactNode } from 'react';
import { REGISTRATION_STEP_SLOTS } from '../../../domain/document-slots';
import { SelectField, TextareaField, TextField } from '../../components/form-fields';
import type { DocumentUploads } from '../../components/uploads/use-document-uploads';
import { SlotField } from './slot-field';
import { ADDRESS_FIELD, PREMISES_FIELD, STORE_TEXT_FIELDS, StoreFieldsLayout } from './store-fields';
import { CategoryField, HeldField } from './store-special-fields';
import { useStepForm } from './use-step-form';
import type { StoreForm } from './wizard-schemas';
import { StepForm } from './wizard-step-form';

export type StoreStepProps = {
  defaults: Partial<StoreForm>;
  uploads: DocumentUploads;
  onNext: (values: StoreForm) => void;
  /** 'Mulai dari awal', kept by the page across the swap from the preview (store-step-upgrade.tsx). */
  footer: ReactNode;
  /** The preview had opened the free-text category, still empty, when it was swapped for this form. */
  otherCategory?: boolean;
};

/**
 * Step 1, Data Toko, bound to react-hook-form. Loaded on the first focus or touch: until then the page
 * shows store-step-preview.tsx, the same form without that library (decision 0047).
 */
export function StoreStep({ defaults, uploads, onNext, footer, otherCategory }: StoreStepProps) {
  const { form, onInvalid } = useStepForm(0, {
    ...defaults,
    foto_usaha: uploads.documents.foto_usaha?.uploadId ?? null,
    foto_produk: uploads.documents.foto_produk?.uploadId ?? null,
  } as Partial<StoreForm>);
  return (
    <StepForm
      form={form}
      onInvalid={onInvalid}
      onNext={onNext}
      waiting={uploads.uploading(REGISTRATION_STEP_SLOTS.store)}
      label="Data Toko"
      footer={footer}
    >
      <StoreFieldsLayout
        fields={{
          nama_toko: <TextField name="nama_toko" {...STORE_TEXT_FIELDS.nama_toko} />,
          kategori_usaha: <CategoryField startOther={otherCategory} />,
          alamat_jalan: <TextareaField name="alamat_jalan" {...ADDRESS_FIELD} />,
          kecamatan: <TextField name="kecamatan" {...STORE_TEXT_FIELDS.kecamatan} />,
          kota_kab: <TextField name="kota_kab" {...STORE_TEXT_FIELDS.kota_kab} />,
          provinsi: <TextField name="provinsi" {...STORE_TEXT_FIELDS.provinsi} />,
          kode_pos: <HeldField name="kode_pos" />,
          tempat_usaha: <SelectField name="tempat_usaha" {...PREMISES_FIELD} emptyAsNull />,
          omset_per_bulan: <HeldField name="omset_per_bulan" />,
          foto_usaha: <SlotField slot="foto_usaha" uploads={uploads} />,
          foto_produk: <SlotField slot="foto_produk" uploads={uploads} />,
        }}
      />
    </StepForm>
  );
}
