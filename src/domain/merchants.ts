import { z } from 'zod';
import { DOCUMENT_SLOTS } from './document-slots.js';
import { MESSAGES } from './messages.js';
import { NikFlagsSchema, NikPersonalSchema } from './nik-structure.js';
import { PageNumberSchema } from './paging.js';
import { PERBAIKAN_MESSAGES } from './perbaikan-texts.js';
import { FixListSchema } from './perbaikan.js';
import { PhotoWarningsSchema } from './photo-quality.js';
import { ExportAlasanSchema, KRITERIA_USAHA, MCC_CODE_LIST, QrisUpdateShape } from './qris.js';
import { hasFinalCode, REASON_MESSAGES, StatusReasonCodesSchema } from './reason-codes.js';
import { BankStepSchema, OwnerStepSchema, REGISTRATION_MESSAGES, StoreStepSchema } from './registration.js';
import { CLAIM_FILTERS, ClaimCountsSchema, ClaimHolderSchema, SecondApprovalSchema } from './review-claims.js';
import { MERCHANT_STATUSES, PREMISES } from './vocabularies.js';
import { ReviewChecklistSchema, SlaStateSchema } from './workbench.js';

export const MERCHANT_MESSAGES = {
  staleSave: 'Data merchant telah diubah oleh admin lain. Muat ulang data terbaru sebelum menyimpan.',
  deleted: 'Merchant berhasil dihapus',
  noteTooLong: 'Catatan admin maksimal 1000 karakter',
  revealField: 'Pilih data yang akan ditampilkan: nik atau no_rekening',
  purged: 'Data pribadi merchant ini sudah dihapus permanen: status dan profilnya tidak dapat diubah lagi.',
} as const;

export const PAGE_SIZES = [25, 50, 100] as const;
/** `queue` (decision 0022): only `processing`, longest waiting (since it last entered processing) first. */
export const MERCHANT_SORTS = ['newest', 'oldest', 'nama_toko', 'status', 'queue'] as const;
export type MerchantSort = (typeof MERCHANT_SORTS)[number];

/**
 * Above this many matches a search's total is not counted on: the list says "1.000+" (docs/decisions/0023).
 * Totals without a search come from exact counters and are never capped.
 */
export const EXACT_TOTAL_CAP = 1_000;

export const LIST_CURSOR_MESSAGE = 'Gunakan salah satu saja: after atau before';

const MerchantListQueryObject = z
  .object({
    q: z.string().trim().max(100).optional(),
    status: z.enum(['all', ...MERCHANT_STATUSES]).default('all'),
    sort: z.enum(MERCHANT_SORTS).default('newest'),
    page: PageNumberSchema,
    page_size: z.coerce
      .number()
      .int()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
      .default(25),
    // Keyset paging (sorts newest and oldest): the id of the last row of the page before (`after`) or of
    // the first row of the page after (`before`). `page` still says which page it is; without a cursor,
    // or for the other sorts, the page is found by its offset.
    after: z.uuid().optional(),
    before: z.uuid().optional(),
    // 'Ada peringatan': only registrations a machine check flagged (docs/decisions/0036).
    peringatan: z.enum(['ada']).optional(),
    /** The queue's claim filter: 'Milik saya' (saya) or 'Belum diambil' (belum). */
    klaim: z.enum(CLAIM_FILTERS).optional(),
  })
  .strict();

/** Query of GET /api/admin/merchants (and of the CSV export, without paging). Strings: it is a URL. */
export const MerchantListQuerySchema = MerchantListQueryObject.refine((query) => !(query.after && query.before), {
  message: LIST_CURSOR_MESSAGE,
  path: ['before'],
});
export type MerchantListQuery = z.infer<typeof MerchantListQuerySchema>;

/**
 * Query of GET /api/admin/merchants/export: the list's search and filter, every page; or, with
 * `format=qris`, the verified merchants for the acquirer, which needs the reason `alasan`.
 */
export const MerchantExportQuerySchema = MerchantListQueryObject.pick({ q: true, status: true })
  .extend({ format: z.enum(['qris']).optional(), alasan: z.string().optional() })
  .strict()
  .superRefine((query, ctx) => {
    if (query.format !== 'qris') return;
    const alasan = ExportAlasanSchema.safeParse(query.alasan ?? '');
    if (!alasan.success) ctx.addIssue({ code: 'custom', path: ['alasan'], message: alasan.error.issues[0]!.message });
  });
export type MerchantExportQuery = z.infer<typeof MerchantExportQuerySchema>;

/**
 * Body of POST /api/admin/merchants/export: the export filter, for a search term that must not be in a URL
 * (a whole NIK or account number). POST /api/admin/merchants/search takes MerchantListQuerySchema as its body.
 */
export const MerchantExportBodySchema = MerchantListQueryObject.pick({ q: true, status: true })
  // The rows selected on the list or the queue ('Ekspor CSV' of the bulk bar), within the filter.
  .extend({ ids: z.array(z.uuid()).min(1).max(500).optional() })
  .strict();
export type MerchantExportBody = z.infer<typeof MerchantExportBodySchema>;

export const MerchantListItemSchema = z.object({
  id: z.uuid(),
  kode_pendaftaran: z.string(),
  nama_toko: z.string(),
  nama_pemilik: z.string(),
  no_hp: z.string(),
  email: z.string(),
  kota_kab: z.string(),
  provinsi: z.string(),
  status: z.enum(MERCHANT_STATUSES),
  submitted_at: z.string(),
  /** Working days (Asia/Jakarta, holidays and cuti bersama excluded) since it last entered processing; null otherwise. */
  age_working_days: z.number().int().nullable(),
  sla: SlaStateSchema.nullable(),
  /** Another non-deleted merchant shares its NIK, account (same bank), phone or e-mail. */
  has_duplicates: z.boolean(),
  /** The list only: how many machine checks warn (peringatan, gagal, tidak terbaca) on current documents. */
  check_warnings: z.number().int().optional(),
  /** The admin reviewing it now (a live claim), or null: 'Sedang ditinjau oleh …' / 'Belum diambil'. */
  diklaim_oleh: ClaimHolderSchema,
  /** A first 'verified' waiting for another admin's (the four-eyes rule): 'Menunggu Persetujuan Kedua'. */
  persetujuan_kedua: SecondApprovalSchema,
});
export type MerchantListItem = z.infer<typeof MerchantListItemSchema>;

export const MerchantListSchema = z.object({
  items: z.array(MerchantListItemSchema),
  /** Exact, or EXACT_TOTAL_CAP when `total_capped`: a search with more matches than that. */
  total: z.number().int(),
  total_capped: z.boolean(),
  /** Whether a page follows this one (what the pager needs when the total is capped). */
  has_next: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** With sort=queue: the caller's cases and those nobody holds. */
  claim_counts: ClaimCountsSchema.optional(),
});
export type MerchantList = z.infer<typeof MerchantListSchema>;

/** Whether each document slot holds a file; the bytes come from the documents endpoint. */
export const MerchantDocumentsPresenceSchema = z.object(
  Object.fromEntries(DOCUMENT_SLOTS.map((slot) => [slot, z.boolean()])) as Record<(typeof DOCUMENT_SLOTS)[number], z.ZodBoolean>,
);

export const MerchantDetailSchema = MerchantListItemSchema.extend({
  kategori_usaha: z.string(),
  alamat_jalan: z.string(),
  kecamatan: z.string(),
  kode_pos: z.string(),
  tempat_usaha: z.string().nullable(),
  omset_per_bulan: z.number().int(),
  /** Masked (`•••• •••• •••• 0001`); the value itself only through POST .../reveal. */
  nik: z.string(),
  alamat_pemilik: z.string(),
  nama_bank: z.string(),
  /** Masked (`•••• 7890`). */
  no_rekening: z.string(),
  nama_rekening: z.string(),
  catatan_admin: z.string().nullable(),
  updated_at: z.string(),
  documents: MerchantDocumentsPresenceSchema,
  /**
   * Decoded on the server (the NIK is encrypted at rest); a warning for the reviewer, never a block. No
   * birth date or sex: those come with the audited reveal (`nik_personal`).
   */
  nik_check: NikFlagsSchema.extend({ province_mismatch: z.boolean() }),
  /** QRIS data: the class by annual turnover, and each value as stored or else as derived. */
  kriteria_usaha: z.enum(KRITERIA_USAHA),
  /** Null when the category has no default ('Lainnya', free text) and no admin chose one yet. */
  mcc: z.enum(MCC_CODE_LIST).nullable(),
  nama_qris: z.string(),
  kota_qris: z.string(),
  /** A fix link changed the bank, account number or account name since the registration: check it again. */
  rekening_diubah_sejak_pengajuan: z.boolean(),
  /** Photos the applicant kept despite the quality warning, per slot (decision 0035); `{}` when none. */
  peringatan_foto: PhotoWarningsSchema,
});
export type MerchantDetail = z.infer<typeof MerchantDetailSchema>;

const adminNote = z
  .string()
  .trim()
  .max(1000, MERCHANT_MESSAGES.noteTooLong)
  .nullable()
  .optional()
  // docs/spec.md §5: an empty note is stored as null.
  .transform((value) => (value ? value : null));

/** POST /api/admin/merchants: every field required, validated like the public registration. */
export const MerchantCreateSchema = StoreStepSchema.extend(OwnerStepSchema.shape)
  .extend(BankStepSchema.shape)
  .extend({
    tempat_usaha: z.enum(PREMISES, REGISTRATION_MESSAGES.premises).default('Sewa'),
    omset_per_bulan: StoreStepSchema.shape.omset_per_bulan.default(0),
  })
  .strict();
export type MerchantCreate = z.infer<typeof MerchantCreateSchema>;

/**
 * PUT /api/admin/merchants/:id: the profile fields of docs/spec.md §7 plus the updated_at the edit started
 * from; a row changed since then is a 409, so two admins never overwrite each other silently.
 */
export const MerchantUpdateSchema = MerchantCreateSchema.extend({
  // Shown masked until revealed: an edit that did not reveal them leaves them out (unchanged).
  nik: OwnerStepSchema.shape.nik.optional(),
  no_rekening: BankStepSchema.shape.no_rekening.optional(),
  tempat_usaha: z.enum(PREMISES, REGISTRATION_MESSAGES.premises).nullable(),
  omset_per_bulan: StoreStepSchema.shape.omset_per_bulan,
  status: z.enum(MERCHANT_STATUSES),
  catatan_admin: adminNote,
  /** A rejection chosen in the form needs a `final` reason like the status route's (checked by the server). */
  kode_alasan: StatusReasonCodesSchema.optional(),
  ...QrisUpdateShape,
  expected_updated_at: z.iso.datetime({ offset: true }),
}).strict();
export type MerchantUpdate = z.infer<typeof MerchantUpdateSchema>;

/** POST /api/admin/merchants/:id/reveal: one identity value in clear, for this view, audited. */
export const REVEALABLE_FIELDS = ['nik', 'no_rekening'] as const;
export const RevealRequestSchema = z.object({ field: z.enum(REVEALABLE_FIELDS, MERCHANT_MESSAGES.revealField) }).strict();
export type RevealRequest = z.infer<typeof RevealRequestSchema>;
export const RevealResponseSchema = z.object({
  field: z.enum(REVEALABLE_FIELDS),
  value: z.string(),
  /** For the NIK: the birth date and sex its digits say (null for the account number). */
  nik_personal: NikPersonalSchema.nullable(),
});
export type RevealResponse = z.infer<typeof RevealResponseSchema>;

/**
 * POST /api/admin/merchants/:id/status. `perbaikan` (decision 0018): what the applicant must fix, required for
 * data_tidak_lengkap, optional for rejected, refused for the other statuses.
 */
export const MerchantStatusChangeSchema = z
  .object({
    status: z.enum(MERCHANT_STATUSES, MESSAGES.chooseStatus),
    catatan_admin: adminNote,
    perbaikan: FixListSchema.optional(),
    /** The review screen's checklist per document, stored in the status_change audit entry. */
    checklist: ReviewChecklistSchema.optional(),
    /** The status the reviewer saw: another status now is the edit screen's stale-save 409. */
    expected_status: z.enum(MERCHANT_STATUSES).optional(),
    /** Reason codes of the decision (reason-codes.ts): a rejection needs at least one `final` code. */
    kode_alasan: StatusReasonCodesSchema.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.status === 'rejected' && !hasFinalCode(value.kode_alasan)) {
      ctx.addIssue({ code: 'custom', path: ['kode_alasan'], message: REASON_MESSAGES.finalRequired });
    }
    if ((value.status === 'processing' || value.status === 'verified') && (value.kode_alasan?.length ?? 0) > 0) {
      ctx.addIssue({ code: 'custom', path: ['kode_alasan'], message: REASON_MESSAGES.onlyForDecisions });
    }
    const count = value.perbaikan?.length ?? 0;
    if (value.status === 'data_tidak_lengkap' && count === 0) {
      ctx.addIssue({ code: 'custom', path: ['perbaikan'], message: PERBAIKAN_MESSAGES.requiredForIncomplete });
    }
    if ((value.status === 'processing' || value.status === 'verified') && count > 0) {
      ctx.addIssue({ code: 'custom', path: ['perbaikan'], message: PERBAIKAN_MESSAGES.onlyForFixStatuses });
    }
  });
export type MerchantStatusChange = z.infer<typeof MerchantStatusChangeSchema>;
/** What a client sends: fix items as `{ field, kode }` or `{ field, alasan }` (the schema fills in the rest). */
export type MerchantStatusChangeInput = z.input<typeof MerchantStatusChangeSchema>;
