import { MESSAGES } from '../../../domain/messages';
import type { FieldConventions } from '../../components/field-conventions';
import type { BankForm, OwnerForm, StoreForm } from './wizard-schemas';

// The wizard's steps, field lists and texts: what the page needs to paint. The schemas that check a step
// are in wizard-schemas.ts, loaded with the first check.

/** What the wizard keeps between steps: the values as typed, so Back shows them unchanged. */
export type WizardValues = {
  store: Partial<StoreForm>;
  owner: Partial<OwnerForm>;
  bank: Partial<BankForm>;
};

export const EMPTY_WIZARD: WizardValues = { store: {}, owner: {}, bank: {} };

/**
 * The five steps: the title and description the page shows, and the fields in the order the form shows them
 * (wizard-steps.test.ts holds them to the schemas).
 */
export const STEPS = [
  {
    title: 'Data Toko',
    description: 'Informasi dan alamat usaha Anda',
    fields: [
      'nama_toko',
      'kategori_usaha',
      'alamat_jalan',
      'kecamatan',
      'kota_kab',
      'provinsi',
      'kode_pos',
      'tempat_usaha',
      'omset_per_bulan',
      'foto_usaha',
      'foto_produk',
    ],
  },
  { title: 'Data Pemilik', description: 'Identitas pemilik usaha', fields: ['nama_pemilik', 'nik', 'no_hp', 'email', 'alamat_pemilik'] },
  {
    title: 'Dokumen',
    description: 'Foto identitas dan dokumen usaha',
    fields: ['foto_ktp', 'foto_selfie_ktp', 'foto_kk', 'npwp_file', 'siup_nib_file'],
  },
  { title: 'Rekening Bank', description: 'Rekening untuk pencairan dana', fields: ['nama_bank', 'no_rekening', 'nama_rekening'] },
  { title: 'Konfirmasi', description: 'Periksa kembali data Anda', fields: ['consent'] },
] as const satisfies readonly { title: string; description: string; fields: readonly string[] }[];

/** The step that holds a field the server refused (`documents.foto_ktp` or `foto_ktp`), or null. */
export function stepOfField(field: string | undefined): number | null {
  if (!field) return null;
  const name = field.replace(/^documents\./, '');
  const index = STEPS.findIndex(({ fields }: { fields: readonly string[] }) => fields.includes(name));
  return index >= 0 ? index : null;
}

// Toast texts that stand for "something required is missing": they win over any other message of the step.
const MISSING_MESSAGES: readonly string[] = [MESSAGES.requiredFields, MESSAGES.requiredDocuments, MESSAGES.bankRequired];

/**
 * The toast of a step that did not validate (docs/spec.md §5): the "fill everything" text when a required value
 * is missing, otherwise the first problem in the order the fields appear.
 */
export function stepToast(messages: readonly string[]): string | undefined {
  return messages.find((message) => MISSING_MESSAGES.includes(message)) ?? messages[0];
}

/** docs/spec.md §5 gives some rules a shorter inline text than their toast; a missing value says so plainly. */
export function inlineMessage(message: string | undefined, kind: 'text' | 'file' = 'text'): string | undefined {
  if (!message) return undefined;
  if (message === MESSAGES.addressMin) return MESSAGES.addressMinInline;
  if (message === MESSAGES.regionMin) return MESSAGES.regionMinInline;
  if (MISSING_MESSAGES.includes(message)) return kind === 'file' ? 'Wajib diunggah' : 'Wajib diisi';
  return message;
}

/** The wizard's fields: docs/spec.md §5 inline wording, and required fields checked per step, not by the browser. */
export const WIZARD_FIELD_CONVENTIONS: FieldConventions = { errorText: (message) => inlineMessage(message), required: 'aria' };
