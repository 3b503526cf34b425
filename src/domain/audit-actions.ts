/**
 * The audit trail's action names (SPEC §3 and what later issues added). Kept apart from vocabularies.ts,
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
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
