import { z } from 'zod';
import { DOCUMENT_SLOTS } from './document-slots.js';
import { isStructurallyValidNik, normalizeEmail, normalizeMobile, stripSeparators } from './indonesian-ids.js';
import { MESSAGES } from './messages.js';
import { FIX_FIELD_LABELS } from './perbaikan-texts.js';
import { PhotoQualitySchema } from './photo-quality.js';
import { plainText } from './plain-text.js';
import { BANKS, PREMISES } from './vocabularies.js';

/** Messages for the rules this product adds beyond docs/spec.md §5. */
export const REGISTRATION_MESSAGES = {
  nikStructure: 'NIK tidak valid. Periksa tanggal lahir dan nomor urut pada NIK Anda.',
  phone: 'Nomor HP tidak valid. Gunakan nomor seluler Indonesia (08…, 62… atau +62…).',
  accountNumber: 'Nomor rekening harus berupa 5-20 digit angka',
  turnover: 'Omset per bulan harus berupa angka bulat 0 atau lebih',
  category: 'Kategori usaha maksimal 100 karakter',
  premises: 'Status tempat usaha harus Hak Milik atau Sewa',
  consent: 'Anda harus menyetujui pemrosesan data pribadi untuk melanjutkan',
  tooLong: 'Isian terlalu panjang',
} as const;

/** Version of the privacy notice a consent refers to; bump it when /privacy changes. */
export const PRIVACY_NOTICE_VERSION = '2026-11-22';

export const REGISTRATION_CODE_PATTERN = /^AIP-[A-Z0-9_-]{5}$/;

/** The Idempotency-Key header of POST /api/registrations: one random value per wizard (e.g. a UUID). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,200}$/;

/** Texts of POST /api/registrations beyond the field rules. */
export const SUBMISSION_MESSAGES = {
  idempotencyKey: 'Permintaan tidak valid: header Idempotency-Key harus berisi 8-200 huruf, angka, _ atau -',
  uploadNotFound: (label: string) => `Dokumen ${label} tidak ditemukan atau sudah kedaluwarsa. Silakan upload ulang.`,
  uploadWrongSlot: (label: string) => `File yang dikirim bukan dokumen ${label}. Silakan upload ulang.`,
  stagedUploadGone: 'Dokumen tidak ditemukan atau sudah kedaluwarsa. Silakan upload ulang.',
  uploadUsed: (label: string) => `Dokumen ${label} sudah dipakai pada pendaftaran lain. Silakan upload ulang.`,
  alreadySubmitted: 'Pendaftaran ini sudah pernah dikirim. Cek status pendaftaran Anda atau buat pendaftaran baru.',
} as const;

const required = (max = 200, message: string = MESSAGES.requiredFields, tooLong: string = REGISTRATION_MESSAGES.tooLong) =>
  z.string(message).trim().min(1, message).max(max, tooLong);

const region = (field: 'kecamatan' | 'kota_kab' | 'provinsi') =>
  plainText(
    z
      .string(MESSAGES.requiredFields)
      .trim()
      .min(1, MESSAGES.requiredFields)
      .min(3, MESSAGES.regionMin)
      .max(100, REGISTRATION_MESSAGES.tooLong),
    FIX_FIELD_LABELS[field],
  );

/** Step 1, Data Toko, without its two photos (they travel as upload ids). */
export const StoreStepSchema = z.object({
  nama_toko: plainText(required(), FIX_FIELD_LABELS.nama_toko),
  kategori_usaha: required(100, MESSAGES.requiredFields, REGISTRATION_MESSAGES.category),
  alamat_jalan: plainText(
    z
      .string(MESSAGES.requiredFields)
      .trim()
      .min(1, MESSAGES.requiredFields)
      .min(10, MESSAGES.addressMin)
      .max(500, REGISTRATION_MESSAGES.tooLong),
    FIX_FIELD_LABELS.alamat_jalan,
  ),
  kecamatan: region('kecamatan'),
  kota_kab: region('kota_kab'),
  provinsi: region('provinsi'),
  kode_pos: z
    .string(MESSAGES.requiredFields)
    .trim()
    .min(1, MESSAGES.requiredFields)
    .regex(/^\d{3,6}$/, MESSAGES.postalCode),
  tempat_usaha: z.enum(PREMISES, REGISTRATION_MESSAGES.premises).nullable().optional(),
  omset_per_bulan: z
    .number(MESSAGES.requiredFields)
    .int(REGISTRATION_MESSAGES.turnover)
    .min(0, REGISTRATION_MESSAGES.turnover)
    .max(1_000_000_000_000, REGISTRATION_MESSAGES.turnover),
});
export type StoreStep = z.infer<typeof StoreStepSchema>;

/** Step 2, Data Pemilik: NIK and phone are normalised; e-mail trimmed and lower-cased. */
export const OwnerStepSchema = z.object({
  nama_pemilik: plainText(required(), FIX_FIELD_LABELS.nama_pemilik),
  nik: z
    .string(MESSAGES.requiredFields)
    .transform(stripSeparators)
    .pipe(
      z
        .string()
        .min(1, MESSAGES.requiredFields)
        .regex(/^\d{16}$/, MESSAGES.nik)
        .refine(isStructurallyValidNik, REGISTRATION_MESSAGES.nikStructure),
    ),
  no_hp: z
    .string(MESSAGES.requiredFields)
    .trim()
    .min(1, MESSAGES.requiredFields)
    .transform((value, ctx) => {
      const normalized = normalizeMobile(value);
      if (!normalized) {
        ctx.addIssue({ code: 'custom', message: REGISTRATION_MESSAGES.phone });
        return z.NEVER;
      }
      return normalized;
    }),
  email: z
    .string(MESSAGES.requiredFields)
    .transform(normalizeEmail)
    .pipe(z.string().min(1, MESSAGES.requiredFields).max(254, MESSAGES.email).pipe(z.email(MESSAGES.email))),
  alamat_pemilik: plainText(required(500), FIX_FIELD_LABELS.alamat_pemilik),
});
export type OwnerStep = z.infer<typeof OwnerStepSchema>;

/** Step 4, Rekening Bank. */
export const BankStepSchema = z.object({
  nama_bank: z.enum(BANKS, MESSAGES.bankRequired),
  no_rekening: z
    .string(MESSAGES.bankRequired)
    .transform(stripSeparators)
    .pipe(
      z
        .string()
        .min(1, MESSAGES.bankRequired)
        .regex(/^\d{5,20}$/, REGISTRATION_MESSAGES.accountNumber),
    ),
  nama_rekening: plainText(required(200, MESSAGES.bankRequired), FIX_FIELD_LABELS.nama_rekening),
});
export type BankStep = z.infer<typeof BankStepSchema>;

/** The upload ids of a registration, one per slot; optional slots may be left out or null. */
export const RegistrationDocumentsSchema = z
  .object(
    {
      foto_usaha: z.uuid(MESSAGES.requiredFields),
      foto_produk: z.uuid(MESSAGES.requiredFields),
      foto_ktp: z.uuid(MESSAGES.requiredDocuments),
      foto_selfie_ktp: z.uuid(MESSAGES.requiredDocuments),
      foto_kk: z.uuid(MESSAGES.requiredDocuments),
      npwp_file: z.uuid().nullable().optional(),
      siup_nib_file: z.uuid().nullable().optional(),
    },
    // A missing or non-object `documents` gets the step 3 text rather than zod's English one.
    { error: (issue) => (issue.code === 'invalid_type' ? MESSAGES.requiredDocuments : undefined) },
  )
  .strict();
export type RegistrationDocuments = z.infer<typeof RegistrationDocumentsSchema>;

/** The body of POST /api/registrations. */
export const RegistrationRequestSchema = StoreStepSchema.extend(OwnerStepSchema.shape)
  .extend(BankStepSchema.shape)
  .extend({
    documents: RegistrationDocumentsSchema,
    consent: z.literal(true, REGISTRATION_MESSAGES.consent),
  })
  .strict();
export type RegistrationRequest = z.infer<typeof RegistrationRequestSchema>;

/** The public answer: no internal id (UU PDP review): the code is the applicant's handle everywhere. */
export const RegistrationResponseSchema = z.object({
  kode_pendaftaran: z.string().regex(REGISTRATION_CODE_PATTERN),
  status: z.literal('processing'),
  submitted_at: z.string(),
  receipt_token: z.string(),
});
export type RegistrationResponse = z.infer<typeof RegistrationResponseSchema>;

export const UploadResponseSchema = z.object({
  upload_id: z.uuid(),
  slot: z.enum(DOCUMENT_SLOTS),
  size: z.number().int(),
  content_type: z.enum(['image/jpeg', 'image/png', 'application/pdf']),
  /** A photo's quality, measured at upload (decision 0035); absent for a PDF, which is never decoded. */
  kualitas: PhotoQualitySchema.optional(),
});
export type UploadResponse = z.infer<typeof UploadResponseSchema>;
