import { z } from 'zod';

export const MAIL_STATES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const MAIL_STATE_LABELS: Record<MailState, string> = {
  pending: 'Menunggu',
  sent: 'Terkirim',
  failed: 'Gagal',
  skipped: 'Tidak dikirim',
};

export const MAIL_KIND_LABELS: Record<string, string> = {
  receipt: 'Tanda terima pendaftaran',
  resubmission_receipt: 'Tanda terima perbaikan',
  status: 'Perubahan status',
  data_change_notice: 'Pemberitahuan perubahan data',
};

export const MAIL_MESSAGES = {
  notResendable: 'Pesan ini tidak dapat dikirim ulang: hanya pesan yang gagal atau tidak dikirim',
  resent: 'Pesan dijadwalkan untuk dikirim ulang',
  resendFailed: 'Pesan gagal dijadwalkan ulang. Coba lagi.',
  whatsapp: 'Kirim via WhatsApp',
  fixLinkHidden: 'Tautan hanya ada di e-mail pendaftar',
  fixLinkGone: 'Tautan perbaikan di pesan ini sudah disembunyikan dan tidak dapat dikirim ulang. Kirim permintaan perbaikan baru melalui Ubah Status.',
} as const;

/**
 * A fix link's token is a bearer secret for the applicant alone: every admin-facing copy of a message
 * (the Pesan tab, the WhatsApp text, the stored body once the mail left) shows the link as `/perbaikan/…`.
 */
export const HIDDEN_FIX_PATH = '/perbaikan/…';
const FIX_LINK_TOKEN = /\/perbaikan\/[A-Za-z0-9_-]{16,}/g;
const FIX_LINK_ANCHOR = /<a href="[^"]*\/perbaikan\/[A-Za-z0-9_-]{16,}">[^<]*<\/a>/g;
const HIDDEN_LINK_TEXT = `${HIDDEN_FIX_PATH} (${MAIL_MESSAGES.fixLinkHidden})`;

/** A message's text with each fix link's token replaced by `…` and the note that only the mail held it. */
export function hideFixLinks(text: string): string {
  return text.replace(FIX_LINK_TOKEN, HIDDEN_LINK_TEXT);
}

/** The same for an HTML body: the link is no link any more, only its hidden text. */
export function hideFixLinksHtml(html: string): string {
  return hideFixLinks(html.replace(FIX_LINK_ANCHOR, (anchor) => hideFixLinks(anchor.replace(/^<a href="[^"]*">|<\/a>$/g, ''))));
}

/** Whether a text still carries a fix link's token. */
export function hasFixLink(text: string): boolean {
  return new RegExp(FIX_LINK_TOKEN.source).test(text);
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
