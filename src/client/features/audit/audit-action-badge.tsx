import { AUDIT_ACTIONS, type AuditAction } from '../../../domain/audit';
import { Badge } from '../../components/ui/badge';

/** Indonesian names of the audit actions, for the filter and the badge's tooltip. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Tambah',
  update: 'Ubah data',
  delete: 'Hapus permanen',
  soft_delete: 'Hapus',
  status_change: 'Ubah status',
  document_reupload: 'Upload ulang dokumen',
  document_download: 'Unduh dokumen',
  document_view: 'Lihat dokumen',
  pii_reveal: 'Tampilkan data pribadi',
  retention_purge: 'Hapus data pribadi (retensi)',
  login: 'Login',
  export: 'Ekspor',
  settings_update: 'Ubah pengaturan',
  resubmission: 'Perbaikan data pendaftar',
  mail_resend: 'Kirim ulang email',
  order_create: 'Pesanan dibuat',
  order_payment_confirmed: 'Pembayaran dikonfirmasi',
  order_cancelled: 'Pesanan dibatalkan',
  order_expired: 'Pesanan kedaluwarsa',
  order_payment_notification: 'Notifikasi pembayaran',
  product_update: 'Ubah produk',
  qris_export: 'Ekspor data QRIS',
  order_ready: 'Pesanan siap dikemas',
  order_awaiting_verification: 'Pesanan menunggu verifikasi',
  order_packed: 'Pesanan dikemas',
  order_shipped: 'Pesanan dikirim',
  order_delivered: 'Pesanan diterima',
  webhook_create: 'Tambah webhook',
  webhook_update: 'Ubah webhook',
  webhook_delete: 'Hapus webhook',
  webhook_resend: 'Kirim ulang webhook',
  identity_search: 'Cari NIK/rekening',
  note_added: 'Catatan internal',
  audit_export: 'Ekspor log audit',
  claim_taken: 'Ambil tinjauan',
  claim_released: 'Lepaskan tinjauan',
  claim_takeover: 'Ambil alih tinjauan',
  claim_assigned: 'Tugaskan tinjauan',
  first_approval: 'Persetujuan pertama',
};

// docs/spec.md §2: each action its own colour, so a scan down the column tells them apart.
const ACTION_COLOURS: Record<AuditAction, string> = {
  create: 'bg-green-100 text-green-800',
  update: 'bg-blue-100 text-blue-800',
  delete: 'bg-red-200 text-red-900',
  soft_delete: 'bg-rose-100 text-rose-800',
  status_change: 'bg-amber-100 text-amber-800',
  document_reupload: 'bg-violet-100 text-violet-800',
  document_download: 'bg-cyan-100 text-cyan-800',
  document_view: 'bg-sky-100 text-sky-800',
  pii_reveal: 'bg-orange-100 text-orange-800',
  retention_purge: 'bg-stone-200 text-stone-800',
  login: 'bg-slate-200 text-slate-800',
  export: 'bg-teal-100 text-teal-800',
  settings_update: 'bg-indigo-100 text-indigo-800',
  resubmission: 'bg-lime-100 text-lime-800',
  mail_resend: 'bg-fuchsia-100 text-fuchsia-800',
  order_create: 'bg-emerald-100 text-emerald-800',
  order_payment_confirmed: 'bg-green-200 text-green-900',
  order_cancelled: 'bg-red-100 text-red-800',
  order_expired: 'bg-zinc-200 text-zinc-800',
  order_payment_notification: 'bg-yellow-100 text-yellow-800',
  product_update: 'bg-purple-100 text-purple-800',
  qris_export: 'bg-pink-100 text-pink-800',
  order_ready: 'bg-teal-200 text-teal-900',
  order_awaiting_verification: 'bg-amber-200 text-amber-900',
  order_packed: 'bg-sky-200 text-sky-900',
  order_shipped: 'bg-indigo-200 text-indigo-900',
  order_delivered: 'bg-emerald-200 text-emerald-900',
  webhook_create: 'bg-green-50 text-green-700 ring-1 ring-inset ring-green-300',
  webhook_update: 'bg-blue-50 text-blue-700 ring-1 ring-inset ring-blue-300',
  webhook_delete: 'bg-red-50 text-red-700 ring-1 ring-inset ring-red-300',
  webhook_resend: 'bg-fuchsia-50 text-fuchsia-700 ring-1 ring-inset ring-fuchsia-300',
  identity_search: 'bg-orange-50 text-orange-700 ring-1 ring-inset ring-orange-300',
  note_added: 'bg-yellow-50 text-yellow-800 ring-1 ring-inset ring-yellow-400',
  audit_export: 'bg-teal-50 text-teal-700 ring-1 ring-inset ring-teal-300',
  claim_taken: 'bg-cyan-50 text-cyan-700 ring-1 ring-inset ring-cyan-300',
  claim_released: 'bg-slate-50 text-slate-700 ring-1 ring-inset ring-slate-300',
  claim_takeover: 'bg-amber-50 text-amber-800 ring-1 ring-inset ring-amber-400',
  claim_assigned: 'bg-violet-50 text-violet-700 ring-1 ring-inset ring-violet-300',
  first_approval: 'bg-lime-50 text-lime-800 ring-1 ring-inset ring-lime-400',
};

function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** The action's code as stored (what the trail is searched by), coloured, with its Indonesian name as a title. */
export function AuditActionBadge({ action }: { action: string }) {
  const known = isAuditAction(action);
  return (
    <Badge
      className="whitespace-nowrap font-mono"
      colours={known ? ACTION_COLOURS[action] : 'bg-slate-100 text-slate-700'}
      title={known ? AUDIT_ACTION_LABELS[action] : undefined}
      data-testid="audit-action"
    >
      {action}
    </Badge>
  );
}
