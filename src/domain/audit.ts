import { z } from 'zod';
import { PageNumberSchema, pageOf } from './paging.js';

/**
 * The audit trail's action names (docs/spec.md §3 and what later features added). Kept apart from vocabularies.ts,
 * which every public page loads: only the admin area and the server need these (page budgets).
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'soft_delete',
  'status_change',
  'document_reupload',
  'document_download',
  'document_view',
  'pii_reveal',
  'retention_purge',
  'login',
  'export',
  'settings_update',
  'resubmission',
  'mail_resend',
  'order_create',
  'order_payment_confirmed',
  'order_cancelled',
  'order_expired',
  'order_payment_notification',
  'product_update',
  'qris_export',
  'order_ready',
  'order_awaiting_verification',
  'order_packed',
  'order_shipped',
  'order_delivered',
  'webhook_create',
  'webhook_update',
  'webhook_delete',
  'webhook_resend',
  'identity_search',
  'note_added',
  'audit_export',
  'claim_taken',
  'claim_released',
  'claim_takeover',
  'claim_assigned',
  'first_approval',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_FILTER_MESSAGES = { dateRange: 'Tanggal akhir tidak boleh sebelum tanggal awal' } as const;

/** The audit log's filters: search, action, the admin who acted, and a range of WIB days (inclusive). */
const AuditFilterObject = z.object({
  q: z.string().trim().max(100).optional(),
  action: z.enum(['all', ...AUDIT_ACTIONS]).default('all'),
  admin: z.uuid().optional(),
  dari: z.iso.date().optional(),
  sampai: z.iso.date().optional(),
});
const dateRangeOrdered = (query: { dari?: string | undefined; sampai?: string | undefined }) =>
  !(query.dari && query.sampai && query.sampai < query.dari);

export const AuditListQuerySchema = AuditFilterObject.extend({ page: PageNumberSchema })
  .strict()
  .refine(dateRangeOrdered, { message: AUDIT_FILTER_MESSAGES.dateRange, path: ['sampai'] });
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

/** GET /api/admin/audit/export: the list's filters, every page. */
export const AuditExportQuerySchema = AuditFilterObject.strict().refine(dateRangeOrdered, {
  message: AUDIT_FILTER_MESSAGES.dateRange,
  path: ['sampai'],
});
export type AuditFilter = z.infer<typeof AuditExportQuerySchema>;

export const AUDIT_PAGE_SIZE = 100;

/** Who an audit row with no admin behind it is shown as. */
export const AUDIT_ACTOR_LABELS = { system: 'System', fixLink: 'Pendaftar (tautan perbaikan)' } as const;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  /** What the screens show as the actor: the admin's e-mail, the applicant through a fix link, or System. */
  actor_label: z.string(),
  action: z.string(),
  target_table: z.string(),
  target_id: z.string().nullable(),
  diff: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditListSchema = pageOf(AuditEntrySchema).extend({ total: z.number().int() });
export type AuditList = z.infer<typeof AuditListSchema>;
