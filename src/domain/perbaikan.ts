import { z } from 'zod';
import { DOCUMENT_SLOT_INFO, DOCUMENT_SLOTS, type DocumentSlot } from './document-slots.js';
import { BankStepSchema, OwnerStepSchema, StoreStepSchema } from './registration.js';

/** The merchant fields of SPEC §3 an admin may ask the applicant to fix, in the wizard's order. */
export const FIX_FIELDS = [
  'nama_toko',
  'kategori_usaha',
  'alamat_jalan',
  'kecamatan',
  'kota_kab',
  'provinsi',
  'kode_pos',
  'tempat_usaha',
  'omset_per_bulan',
  'nama_pemilik',
  'nik',
  'no_hp',
  'email',
  'alamat_pemilik',
  'nama_bank',
  'no_rekening',
  'nama_rekening',
] as const;
export type FixField = (typeof FIX_FIELDS)[number];

/** A fix request names fields and document slots alike. */
export const FIX_TARGETS = [...FIX_FIELDS, ...DOCUMENT_SLOTS] as const;
export type FixTarget = (typeof FIX_TARGETS)[number];

export const FIX_FIELD_LABELS: Record<FixField, string> = {
  nama_toko: 'Nama Toko',
  kategori_usaha: 'Kategori Usaha',
  alamat_jalan: 'Alamat Lengkap',
  kecamatan: 'Kecamatan',
  kota_kab: 'Kota/Kabupaten',
  provinsi: 'Provinsi',
  kode_pos: 'Kode Pos',
  tempat_usaha: 'Status Tempat Usaha',
  omset_per_bulan: 'Omset per Bulan',
  nama_pemilik: 'Nama Lengkap Pemilik',
  nik: 'NIK',
  no_hp: 'Nomor HP',
  email: 'Email',
  alamat_pemilik: 'Alamat Pemilik',
  nama_bank: 'Nama Bank',
  no_rekening: 'Nomor Rekening',
  nama_rekening: 'Nama Pemilik Rekening',
};

export function isFixField(value: string): value is FixField {
  return (FIX_FIELDS as readonly string[]).includes(value);
}

export function isDocumentTarget(value: string): value is DocumentSlot {
  return (DOCUMENT_SLOTS as readonly string[]).includes(value);
}

/** The label shown beside a flagged field or document (e-mail, status page, fix page). */
export function fixTargetLabel(target: FixTarget): string {
  return isFixField(target) ? FIX_FIELD_LABELS[target] : `Dokumen ${DOCUMENT_SLOT_INFO[target].label}`;
}

/** The admin's short choice list; 'Lainnya' asks for a text of their own. */
export const FIX_REASONS = ['Foto buram', 'Tidak sesuai KTP', 'Dokumen kedaluwarsa', 'Data tidak valid', 'Lainnya'] as const;

/** Days a fix link stays valid. */
export const FIX_LINK_DAYS = 14;

export const PERBAIKAN_MESSAGES = {
  invalidLink: 'Tautan perbaikan tidak valid atau sudah kedaluwarsa',
  unknownTarget: (name: string) => `Data "${name}" tidak dikenal dan tidak dapat diminta untuk diperbaiki`,
  duplicateTarget: (label: string) => `${label} dipilih lebih dari satu kali`,
  reasonRequired: 'Isi alasan perbaikan untuk setiap data yang dipilih',
  reasonTooLong: 'Alasan perbaikan maksimal 300 karakter',
  tooMany: 'Terlalu banyak data yang dipilih untuk diperbaiki',
  requiredForIncomplete: 'Pilih minimal satu data yang perlu diperbaiki',
  onlyForFixStatuses: 'Daftar perbaikan hanya untuk status Data Tidak Lengkap atau Ditolak',
  notFlagged: (label: string) => `${label} tidak diminta untuk diperbaiki`,
  fieldMissing: (label: string) => `${label} wajib diisi ulang`,
  documentMissing: (label: string) => `${label} wajib diupload ulang`,
  submitted: 'Perbaikan data berhasil dikirim',
} as const;

/** One flagged field or slot with the admin's reason. */
export const FixItemSchema = z
  .object({
    field: z.string(PERBAIKAN_MESSAGES.unknownTarget('')).max(50).refine((v) => (FIX_TARGETS as readonly string[]).includes(v), {
      error: (issue) => PERBAIKAN_MESSAGES.unknownTarget(String(issue.input).slice(0, 50)),
    }),
    alasan: z.string(PERBAIKAN_MESSAGES.reasonRequired).trim().min(1, PERBAIKAN_MESSAGES.reasonRequired).max(300, PERBAIKAN_MESSAGES.reasonTooLong),
  })
  .strict()
  .transform((item) => ({ field: item.field as FixTarget, alasan: item.alasan }));
export type FixItem = z.infer<typeof FixItemSchema>;

/** The checklist of POST /api/admin/merchants/{id}/status: each target at most once. */
export const FixListSchema = z
  .array(FixItemSchema)
  .max(FIX_TARGETS.length, PERBAIKAN_MESSAGES.tooMany)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    for (const item of items) {
      if (seen.has(item.field)) ctx.addIssue({ code: 'custom', message: PERBAIKAN_MESSAGES.duplicateTarget(fixTargetLabel(item.field)) });
      seen.add(item.field);
    }
  });

/** A flagged item as the public sees it: label and reason, never a value. */
export const PublicFixItemSchema = z.object({ field: z.enum(FIX_TARGETS), label: z.string(), alasan: z.string() });
export type PublicFixItem = z.infer<typeof PublicFixItemSchema>;

/** GET /api/perbaikan/<token>. Values of flagged fields only; NIK and account number masked. */
export const FixRequestViewSchema = z.object({
  kode_pendaftaran: z.string(),
  nama_toko: z.string(),
  catatan_admin: z.string().nullable(),
  perbaikan: z.array(z.object({ field: z.enum(FIX_TARGETS), alasan: z.string() })),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type FixRequestView = z.infer<typeof FixRequestViewSchema>;

/** The wizard's own field rules, each optional: the server then checks them against the flagged list. */
export const FixFieldsSchema = StoreStepSchema.extend(OwnerStepSchema.shape).extend(BankStepSchema.shape).partial().strict();
export type FixFields = z.infer<typeof FixFieldsSchema>;

export const FixDocumentsSchema = z.object(Object.fromEntries(DOCUMENT_SLOTS.map((slot) => [slot, z.uuid(PERBAIKAN_MESSAGES.documentMissing(fixTargetLabel(slot))).optional()])) as Record<DocumentSlot, z.ZodOptional<z.ZodUUID>>).strict();

/** POST /api/perbaikan/<token>. */
export const FixSubmissionSchema = z
  .object({
    fields: FixFieldsSchema.default({}),
    documents: FixDocumentsSchema.default({}),
  })
  .strict();
export type FixSubmission = z.infer<typeof FixSubmissionSchema>;

export const FixSubmissionResponseSchema = z.object({ kode_pendaftaran: z.string(), status: z.literal('processing') });
export type FixSubmissionResponse = z.infer<typeof FixSubmissionResponseSchema>;
