import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { OrderSummarySchema, TimelineEntrySchema } from './orders.js';
import { STATUS_LOOKUP_MESSAGES } from './status-texts.js';
import { MERCHANT_STATUSES, normalizeStatus, type MerchantStatus } from './vocabularies.js';

/**
 * The body of POST /api/status/lookup: a code, or e-mail plus phone. `receipt_token` is the token the
 * registration answer gave this browser; with it a code lookup returns unmasked personal fields.
 */
export const StatusLookupRequestSchema = z.union([
  z
    .object({
      kode_pendaftaran: z.string().trim().min(1, STATUS_LOOKUP_MESSAGES.codeRequired).max(20, MESSAGES.statusNotFoundForm),
      // null as well as absent: a browser without a remembered receipt sends what it has.
      receipt_token: z.string().max(200).nullable().optional(),
    })
    .strict(),
  z
    .object({
      email: z.string().trim().min(1, STATUS_LOOKUP_MESSAGES.emailPhoneRequired).max(254),
      no_hp: z.string().trim().min(1, STATUS_LOOKUP_MESSAGES.emailPhoneRequired).max(30),
    })
    .strict(),
]);
export type StatusLookupRequest = z.infer<typeof StatusLookupRequestSchema>;

/** docs/spec.md §3's public status result plus the address the page shows. Never NIK, bank data or documents. */
export const StatusResultSchema = z
  .object({
    status: z.enum(MERCHANT_STATUSES),
    nama_toko: z.string(),
    kategori_usaha: z.string(),
    kota_kab: z.string(),
    nama_pemilik: z.string(),
    email: z.string(),
    no_hp: z.string(),
    kode_pendaftaran: z.string(),
    submitted_at: z.string(),
    // Null unless the asker holds the receipt token of the browser that registered (UU PDP: a guessed
    // code or a known e-mail and phone must not open the street address or the admin's note).
    catatan_admin: z.string().nullable(),
    alamat_jalan: z.string().nullable(),
    kecamatan: z.string().nullable(),
    provinsi: z.string(),
    kode_pos: z.string().nullable(),
    // Rejected or data_tidak_lengkap: the applicant texts of the decision's reason codes (reason-codes.ts).
    alasan: z.array(z.string()).default([]),
    // data_tidak_lengkap only (decision 0018): what the admin asked to fix, labels and reasons, never a value.
    perbaikan: z.array(z.object({ field: z.string(), label: z.string(), alasan: z.string() })).default([]),
    // The registration's orders, newest first (at most 20), for the asker with the receipt or
    // e-mail plus phone; null for a code alone, which is guessable.
    pesanan: z.array(OrderSummarySchema).nullable(),
    // The merchant's one timeline (the registration, then its order), for the same askers as
    // `pesanan`; null for a code alone. Defaulted so an answer built without it still serialises.
    timeline: z.array(TimelineEntrySchema).nullable().default(null),
  })
  .strict();
export type StatusResult = z.infer<typeof StatusResultSchema>;

/**
 * The status the public sees. docs/spec.md §4: the old public page knew `success` for an approval, which is
 * `verified` in the admin vocabulary; anything else unknown or missing is `processing`.
 */
export function publicStatus(value: unknown): MerchantStatus {
  return value === 'success' ? 'verified' : normalizeStatus(value);
}
