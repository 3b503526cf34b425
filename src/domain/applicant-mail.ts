import { z } from 'zod';
import { labelledCodes } from './code-tables.js';

export const [MAIL_STATES, MAIL_STATE_LABELS] = labelledCodes({
  pending: 'Menunggu',
  sent: 'Terkirim',
  failed: 'Gagal',
  skipped: 'Tidak dikirim',
});

/** Every kind of mail the outbox holds (outbox_messages.kind), with the Pesan tab's name for it. */
export const [MAIL_KINDS, MAIL_KIND_LABELS] = labelledCodes({
  receipt: 'Tanda terima pendaftaran',
  resubmission_receipt: 'Tanda terima perbaikan',
  status: 'Perubahan status',
  order_receipt: 'Pesanan diterima, menunggu pembayaran',
  order_paid: 'Pembayaran pesanan diterima',
  order_closed: 'Pesanan dibatalkan atau kedaluwarsa',
  order_shipped: 'Pesanan dikirim',
  order_delivered: 'Pesanan diterima merchant',
  data_change_notice: 'Pemberitahuan perubahan data',
});
export type MailKind = keyof typeof MAIL_KIND_LABELS;

/** A stored kind's label; a kind this version does not know (a newer instance's) shows as it is. */
export function mailKindLabel(kind: string): string {
  return (MAIL_KIND_LABELS as Record<string, string>)[kind] ?? kind;
}

export const MAIL_MESSAGES = {
  notResendable: 'Pesan ini tidak dapat dikirim ulang: hanya pesan yang gagal atau tidak dikirim',
  resent: 'Pesan dijadwalkan untuk dikirim ulang',
  resendFailed: 'Pesan gagal dijadwalkan ulang. Coba lagi.',
  whatsapp: 'Kirim via WhatsApp',
  fixLinkHidden: 'Tautan hanya ada di e-mail pendaftar',
  fixLinkGone:
    'Tautan perbaikan di pesan ini sudah disembunyikan dan tidak dapat dikirim ulang. Kirim permintaan perbaikan baru melalui Ubah Status.',
} as const;

/**
 * The links of a mail that open something to whoever holds them are bearer secrets for the recipient
 * alone: the fix link (`/perbaikan/<token>`) and the order page's link (`/pesanan/<code>?t=<token>`).
 * Every admin-facing copy of a message (the Pesan tab, the WhatsApp text, the stored body once the mail
 * left, a subject export) shows them without their token: the fix link as `/perbaikan/…` with a note
 * (the page needs its token), the order link as the bare order page, which asks for the registered phone.
 */
export const HIDDEN_FIX_PATH = '/perbaikan/…';
const FIX_LINK_TOKEN = /\/perbaikan\/[A-Za-z0-9_-]{16,}/g;
const FIX_LINK_ANCHOR = /<a href="[^"]*\/perbaikan\/[A-Za-z0-9_-]{16,}">[^<]*<\/a>/g;
const HIDDEN_LINK_TEXT = `${HIDDEN_FIX_PATH} (${MAIL_MESSAGES.fixLinkHidden})`;
/** `?t=<token>` after an order page's path (the code as orderPageLink encodes it). */
const ORDER_LINK_TOKEN = /(\/pesanan\/[A-Za-z0-9_.~%-]+)\?t=[A-Za-z0-9_.~%-]+/g;

/** A message's text with each fix link's token replaced by `…` and the note, and each order link's token dropped. */
export function hideBearerLinks(text: string): string {
  return text.replace(FIX_LINK_TOKEN, HIDDEN_LINK_TEXT).replace(ORDER_LINK_TOKEN, '$1');
}

/** The same for an HTML body: a fix link is no link any more, only its hidden text; an order link points at the bare page. */
export function hideBearerLinksHtml(html: string): string {
  return hideBearerLinks(html.replace(FIX_LINK_ANCHOR, (anchor) => hideBearerLinks(anchor.replace(/^<a href="[^"]*">|<\/a>$/g, ''))));
}

/** Whether a text still carries a bearer link's token. */
export function hasBearerLink(text: string): boolean {
  return new RegExp(FIX_LINK_TOKEN.source).test(text) || new RegExp(ORDER_LINK_TOKEN.source).test(text);
}

/** Whether a stored text had its fix link hidden: sending it again would send a dead link. */
export function hasHiddenFixLink(text: string): boolean {
  return text.includes(HIDDEN_FIX_PATH);
}

/** One e-mail to the applicant as the admin's Pesan tab lists it. */
export const ApplicantMessageSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  state: z.enum(MAIL_STATES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type ApplicantMessage = z.infer<typeof ApplicantMessageSchema>;

export const ApplicantMessageListSchema = z.object({ items: z.array(ApplicantMessageSchema) });
export type ApplicantMessageList = z.infer<typeof ApplicantMessageListSchema>;

/** `https://wa.me/62812…?text=…`: the same text, for the admin to send from their own phone. */
export function whatsappMessageUrl(noHp: string, text: string): string {
  return `https://wa.me/${noHp.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
