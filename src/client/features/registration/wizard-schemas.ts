import type { z } from 'zod';
import { BankStepSchema, OwnerStepSchema, RegistrationDocumentsSchema, StoreStepSchema } from '../../../domain/registration';

/**
 * The step schemas are the server's (src/domain/registration.ts). Step 1 and step 3 add the upload ids
 * of their slots from the same documents schema, so a step validates exactly what the server will check.
 * This module (and zod with it) loads with a step's first check, not with the page (decision 0043); the
 * wizard's field lists and texts are in wizard-steps.ts.
 */
export const StoreFormSchema = StoreStepSchema.extend(RegistrationDocumentsSchema.pick({ foto_usaha: true, foto_produk: true }).shape);
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
