import { z } from 'zod';
import { isIdentityTerm } from './identity-search.js';
import { MERCHANT_SORTS, PAGE_SIZES } from './merchants.js';
import { CLAIM_FILTERS } from './review-claims.js';
import { MERCHANT_STATUSES } from './vocabularies.js';

/** The two lists a view belongs to: the review queue (/admin) and the merchant list (/admin/merchants). */
export const VIEW_LISTS = ['antrean', 'merchant'] as const;
export type ViewList = (typeof VIEW_LISTS)[number];

export const VIEW_MESSAGES = {
  nameRequired: 'Nama tampilan wajib diisi',
  nameTooLong: 'Nama tampilan maksimal 60 karakter',
  identityInFilter: 'Tampilan tidak dapat menyimpan pencarian NIK atau nomor rekening',
  notOwner: 'Hanya pembuat tampilan yang dapat menghapusnya',
  notFound: 'Tampilan tidak ditemukan',
  saved: 'Tampilan disimpan',
  deleted: 'Tampilan dihapus',
  failed: 'Tampilan gagal disimpan',
} as const;

/**
 * The filters of a view, as the list's URL holds them (page and cursors left out: a view is a filter, not
 * a place). A whole NIK or account number never goes into a stored filter, as it never goes into a URL.
 */
export const ViewFilterSchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(100)
      .refine((q) => !isIdentityTerm(q), VIEW_MESSAGES.identityInFilter)
      .optional(),
    status: z.enum(['all', ...MERCHANT_STATUSES]).optional(),
    sort: z.enum(MERCHANT_SORTS).optional(),
    page_size: z
      .number()
      .int()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
      .optional(),
    klaim: z.enum(CLAIM_FILTERS).optional(),
  })
  .strict();
export type ViewFilter = z.infer<typeof ViewFilterSchema>;

/** POST /api/admin/views. */
export const SavedViewCreateSchema = z
  .object({
    nama: z.string(VIEW_MESSAGES.nameRequired).trim().min(1, VIEW_MESSAGES.nameRequired).max(60, VIEW_MESSAGES.nameTooLong),
    daftar: z.enum(VIEW_LISTS),
    filter: ViewFilterSchema,
    dibagikan: z.boolean().default(false),
  })
  .strict();
export type SavedViewCreate = z.input<typeof SavedViewCreateSchema>;

export const SavedViewSchema = z.object({
  id: z.uuid(),
  nama: z.string(),
  daftar: z.enum(VIEW_LISTS),
  filter: ViewFilterSchema,
  dibagikan: z.boolean(),
  /** The caller's own view (only the owner may delete it). */
  milik_saya: z.boolean(),
  pembuat: z.string().nullable(),
  created_at: z.string(),
});
export type SavedView = z.infer<typeof SavedViewSchema>;

export const SavedViewListQuerySchema = z.object({ daftar: z.enum(VIEW_LISTS).optional() }).strict();
/** GET /api/admin/views: the caller's views and those shared with the team, oldest first. */
export const SavedViewListSchema = z.array(SavedViewSchema);
export type SavedViewList = z.infer<typeof SavedViewListSchema>;
