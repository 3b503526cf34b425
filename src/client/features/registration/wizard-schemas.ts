import type { z } from 'zod';
import { MESSAGES } from '../../../domain/messages';
import { BankStepSchema, OwnerStepSchema, RegistrationDocumentsSchema, StoreStepSchema } from '../../../domain/registration';

/**
 * The step schemas are the server's (src/domain/registration.ts). Step 1 and step 3 add the upload ids
 * of their slots from the same documents schema, so a step validates exactly what the server will check.
 */
export const StoreFormSchema = StoreStepSchema.extend(
  RegistrationDocumentsSchema.pick({ foto_usaha: true, foto_produk: true }).shape,
);
export const OwnerFormSchema = OwnerStepSchema;
export const DocumentsFormSchema = RegistrationDocumentsSchema.pick({
  foto_ktp: true,
  foto_selfie_ktp: true,
  foto_kk: true,
  npwp_file: true,
  siup_nib_file: true,
});
export const BankFormSchema = BankStepSchema;

export type StoreForm = z.input<typeof StoreFormSchema>;
export type OwnerForm = z.input<typeof OwnerFormSchema>;
export type DocumentsForm = z.input<typeof DocumentsFormSchema>;
export type BankForm = z.input<typeof BankFormSchema>;

/** What the wizard keeps between steps: the values as typed, so Back shows them unchanged. */
export type WizardValues = {
  store: Partial<StoreForm>;
  owner: Partial<OwnerForm>;
  bank: Partial<BankForm>;
};

export const EMPTY_WIZARD: WizardValues = { store: {}, owner: {}, bank: {} };

export const STEPS = [
  { title: 'Data Toko', description: 'Informasi dan alamat usaha Anda' },
  { title: 'Data Pemilik', description: 'Identitas pemilik usaha' },
  { title: 'Dokumen', description: 'Foto identitas dan dokumen usaha' },
  { title: 'Rekening Bank', description: 'Rekening untuk pencairan dana' },
  { title: 'Konfirmasi', description: 'Periksa kembali data Anda' },
] as const;

export const STEP_FIELDS: readonly (readonly string[])[] = [
  Object.keys(StoreFormSchema.shape),
  Object.keys(OwnerFormSchema.shape),
  Object.keys(DocumentsFormSchema.shape),
  Object.keys(BankFormSchema.shape),
  ['consent'],
];

/** The step that holds a field the server refused (`documents.foto_ktp` or `foto_ktp`), or null. */
export function stepOfField(field: string | undefined): number | null {
  if (!field) return null;
  const name = field.replace(/^documents\./, '');
  const index = STEP_FIELDS.findIndex((fields) => fields.includes(name));
  return index >= 0 ? index : null;
}

// Toast texts that stand for "something required is missing": they win over any other message of the step.
const MISSING_MESSAGES: readonly string[] = [MESSAGES.requiredFields, MESSAGES.requiredDocuments, MESSAGES.bankRequired];

/**
 * The toast of a step that did not validate (SPEC §5): the "fill everything" text when a required value
 * is missing, otherwise the first problem in the order the fields appear.
 */
export function stepToast(messages: readonly string[]): string | undefined {
  return messages.find((message) => MISSING_MESSAGES.includes(message)) ?? messages[0];
}

/** SPEC §5 gives some rules a shorter inline text than their toast; a missing value says so plainly. */
export function inlineMessage(message: string | undefined, kind: 'text' | 'file' = 'text'): string | undefined {
  if (!message) return undefined;
  if (message === MESSAGES.addressMin) return MESSAGES.addressMinInline;
  if (message === MESSAGES.regionMin) return MESSAGES.regionMinInline;
  if (MISSING_MESSAGES.includes(message)) return kind === 'file' ? 'Wajib diunggah' : 'Wajib diisi';
  return message;
}
