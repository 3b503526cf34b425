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
};

export const MAIL_MESSAGES = {
  notResendable: 'Pesan ini tidak dapat dikirim ulang: hanya pesan yang gagal atau tidak dikirim',
  resent: 'Pesan dijadwalkan untuk dikirim ulang',
  resendFailed: 'Pesan gagal dijadwalkan ulang. Coba lagi.',
  whatsapp: 'Kirim via WhatsApp',
} as const;

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
