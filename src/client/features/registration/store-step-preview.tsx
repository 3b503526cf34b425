import { useState, type FormEventHandler, type ReactNode, type Ref } from 'react';
import { REGISTRATION_STEP_SLOTS } from '../../../domain/document-slots';
import { OTHER_CATEGORY } from '../../../domain/vocabularies';
import { ConventionField } from '../../components/field-conventions';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { slotUploadProps, UploadField } from '../../components/uploads/upload-field';
import type { DocumentUploads } from '../../components/uploads/use-document-uploads';
import { StepFormFrame } from './step-form-frame';
import {
  ADDRESS_FIELD,
  CategoryChoice,
  HELD_FIELDS,
  HeldInput,
  PREMISES_FIELD,
  STORE_TEXT_FIELDS,
  StoreFieldsLayout,
  type HeldName,
} from './store-fields';
import type { StoreForm } from './wizard-schemas';

/**
 * Step 1 as it paints with the page, before react-hook-form (13 KB gzip) has loaded: the same markup as
 * store-step.tsx, from the same pieces (store-fields.tsx), its text inputs the browser's own. The page swaps
 * it for the bound step once that has loaded, with what was typed here (store-step-upgrade.tsx, decision 0047).
 */

type StoreStepPreviewProps = {
  defaults: Partial<StoreForm>;
  uploads: DocumentUploads;
  footer: ReactNode;
  formRef: Ref<HTMLFormElement>;
  onChange: FormEventHandler<HTMLFormElement>;
  onSubmit: FormEventHandler<HTMLFormElement>;
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function StoreStepPreview({ defaults, uploads, footer, formRef, onChange, onSubmit }: StoreStepPreviewProps) {
  const plain = (name: keyof typeof STORE_TEXT_FIELDS) => {
    const { label, required, ...input } = STORE_TEXT_FIELDS[name];
    return (
      <ConventionField
        label={label}
        required={required}
        control={(props) => <Input type="text" {...input} {...props} name={name} defaultValue={text(defaults[name])} />}
      />
    );
  };
  const upload = (slot: (typeof REGISTRATION_STEP_SLOTS.store)[number]) => (
    <UploadField {...slotUploadProps(uploads, slot)} error={uploads.missing[slot]} />
  );
  const { label, required, hint, placeholder } = ADDRESS_FIELD;
  return (
    <StepFormFrame
      ref={formRef}
      label="Data Toko"
      waiting={uploads.uploading(REGISTRATION_STEP_SLOTS.store)}
      footer={footer}
      onChange={onChange}
      onSubmit={onSubmit}
    >
      <StoreFieldsLayout
        fields={{
          nama_toko: plain('nama_toko'),
          kategori_usaha: <PreviewCategory initial={text(defaults.kategori_usaha)} />,
          alamat_jalan: (
            <ConventionField
              label={label}
              required={required}
              hint={hint}
              control={(props) => (
                <Textarea rows={3} placeholder={placeholder} {...props} name="alamat_jalan" defaultValue={text(defaults.alamat_jalan)} />
              )}
            />
          ),
          kecamatan: plain('kecamatan'),
          kota_kab: plain('kota_kab'),
          provinsi: plain('provinsi'),
          kode_pos: <PreviewHeld name="kode_pos" initial={defaults.kode_pos} />,
          tempat_usaha: (
            <ConventionField
              label={PREMISES_FIELD.label}
              control={(props) => (
                <NativeSelect
                  choices={PREMISES_FIELD.options}
                  placeholder={PREMISES_FIELD.placeholder}
                  {...props}
                  name="tempat_usaha"
                  defaultValue={text(defaults.tempat_usaha)}
                />
              )}
            />
          ),
          omset_per_bulan: <PreviewHeld name="omset_per_bulan" initial={defaults.omset_per_bulan} />,
          foto_usaha: upload('foto_usaha'),
          foto_produk: upload('foto_produk'),
        }}
      />
    </StepFormFrame>
  );
}

function PreviewCategory({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <CategoryChoice value={value} onValue={setValue} />;
}

function PreviewHeld({ name, initial }: { name: HeldName; initial: unknown }) {
  const { show, hold } = HELD_FIELDS[name];
  const [shown, setShown] = useState(() => show(initial));
  return <HeldInput name={name} text={shown} onText={(typed) => setShown(show(hold(typed)))} />;
}

/**
 * What the preview holds, in the shapes the bound step's form holds them (kode_pos digits, omset_per_bulan
 * a number, no tempat_usaha as null): read from the controls themselves, so it is what is on the screen.
 */
export function readStoreValues(form: HTMLFormElement, uploads: DocumentUploads): Partial<StoreForm> {
  const data = new FormData(form);
  const typed = (name: string) => text(data.get(name));
  const category = typed('kategori_usaha');
  return {
    nama_toko: typed('nama_toko'),
    // Lainnya opens the free-text input; until something is typed there, nothing is chosen.
    kategori_usaha: category === OTHER_CATEGORY ? '' : category,
    alamat_jalan: typed('alamat_jalan'),
    kecamatan: typed('kecamatan'),
    kota_kab: typed('kota_kab'),
    provinsi: typed('provinsi'),
    kode_pos: HELD_FIELDS.kode_pos.hold(typed('kode_pos')),
    tempat_usaha: (typed('tempat_usaha') || null) as StoreForm['tempat_usaha'],
    omset_per_bulan: HELD_FIELDS.omset_per_bulan.hold(typed('omset_per_bulan')),
    foto_usaha: uploads.documents.foto_usaha?.uploadId ?? null,
    foto_produk: uploads.documents.foto_produk?.uploadId ?? null,
  } as Partial<StoreForm>;
}
