import { formatDateTimeWib, formatDateWib } from '../../domain/format.js';
import { fixTargetLabel } from '../../domain/perbaikan-texts.js';
import type { FixItem } from '../../domain/perbaikan.js';
import { STATUS_MESSAGES, statusLink } from '../../domain/status-texts.js';
import { STATUS_LABELS, type MerchantStatus } from '../../domain/vocabularies.js';

/**
 * The e-mails to applicants, in Indonesian, as plain text and HTML. They carry the store name, the code,
 * times in WIB and links; never a NIK, an account number or a document (UU PDP: e-mail is not a safe place).
 */
export type MailContent = { subject: string; text: string; html: string };

export type MailMerchant = { kodePendaftaran: string; namaToko: string; namaPemilik: string };

const SIGNATURE = ['Salam,', 'Tim AIPOS'];

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Paragraphs (blank-line separated in the text version); a line that is a URL becomes a link in HTML. */
export function renderMail(subject: string, paragraphs: string[][]): MailContent {
  const text = [...paragraphs, SIGNATURE].map((lines) => lines.join('\n')).join('\n\n') + '\n';
  const htmlParagraphs = [...paragraphs, SIGNATURE]
    .map(
      (lines) =>
        `<p>${lines.map((line) => (/^https?:\/\/\S+$/.test(line) ? `<a href="${escapeHtml(line)}">${escapeHtml(line)}</a>` : escapeHtml(line))).join('<br>')}</p>`,
    )
    .join('\n');
  const html = `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,sans-serif;line-height:1.5;color:#0f172a">\n${htmlParagraphs}\n</body></html>`;
  return { subject, text, html };
}

/** After a registration (or, with `resubmission`, after the applicant sent the fixes asked for). */
export function receiptMail(merchant: MailMerchant, submittedAt: Date, baseUrl: string, resubmission = false): MailContent {
  const what = resubmission ? 'Perbaikan data pendaftaran' : 'Pendaftaran';
  // Never a text the applicant typed in a subject: a store name could carry a stranger's phishing line to any address.
  return renderMail(`${what} diterima: ${merchant.kodePendaftaran}`, [
    [`Halo ${merchant.namaPemilik},`],
    [
      resubmission
        ? `Terima kasih, perbaikan data pendaftaran merchant AIPOS untuk ${merchant.namaToko} telah kami terima.`
        : `Terima kasih, pendaftaran merchant AIPOS untuk ${merchant.namaToko} telah kami terima.`,
    ],
    [`Kode Pendaftaran: ${merchant.kodePendaftaran}`, `Waktu Pengajuan: ${formatDateTimeWib(submittedAt)}`],
    [
      'Tim kami akan memverifikasi data Anda dalam 1-3 hari kerja.',
      'Cek status pendaftaran Anda kapan saja:',
      statusLink(baseUrl, merchant.kodePendaftaran),
    ],
  ]);
}

/**
 * To the address a registration had before a fix link changed its e-mail, phone or bank account: which
 * fields changed and when, never their values (the old address may no longer be the applicant's).
 */
export function dataChangedMail(merchant: MailMerchant, fieldLabels: string[], changedAt: Date, baseUrl: string): MailContent {
  return renderMail(`Data pendaftaran Anda diubah: ${merchant.kodePendaftaran}`, [
    [`Halo ${merchant.namaPemilik},`],
    [`Data pendaftaran merchant AIPOS ${merchant.kodePendaftaran} diubah melalui tautan perbaikan pada ${formatDateTimeWib(changedAt)}.`],
    ['Data yang diubah:', ...fieldLabels.map((label) => `- ${label}`)],
    [
      'Jika Anda sendiri yang mengubahnya, abaikan e-mail ini.',
      'Jika bukan Anda, segera hubungi tim AIPOS dan sebutkan kode pendaftaran di atas.',
      'Cek status pendaftaran Anda:',
      statusLink(baseUrl, merchant.kodePendaftaran),
    ],
  ]);
}

export type FixLink = { url: string; expiresAt: Date; items: FixItem[] };

/** After an admin set verified, rejected or data_tidak_lengkap: the status page's text, the note, any fix list. */
export function statusMail(
  merchant: MailMerchant,
  status: MerchantStatus,
  catatan: string | null,
  baseUrl: string,
  fix: FixLink | null,
  /** The applicant texts of the decision's reason codes (applicantReasonTexts), never the team's. */
  reasons: readonly string[] = [],
): MailContent {
  const message = STATUS_MESSAGES[status];
  const paragraphs: string[][] = [
    [`Halo ${merchant.namaPemilik},`],
    [`Status pendaftaran ${merchant.namaToko} (${merchant.kodePendaftaran}): ${STATUS_LABELS[status]}`],
    [message.title, message.body],
  ];
  if (reasons.length > 0) paragraphs.push(['Alasan:', ...reasons.map((reason) => `- ${reason}`)]);
  if (catatan) paragraphs.push(['Catatan Admin:', catatan]);
  if (fix) {
    paragraphs.push(['Yang perlu diperbaiki:', ...fix.items.map((item) => `- ${fixTargetLabel(item.field)}: ${item.alasan}`)]);
    paragraphs.push([
      `Perbaiki hanya data di atas melalui tautan berikut (berlaku sampai ${formatDateWib(fix.expiresAt)}, sekali pakai):`,
      fix.url,
    ]);
  }
  paragraphs.push(['Cek status pendaftaran Anda:', statusLink(baseUrl, merchant.kodePendaftaran)]);
  return renderMail(`Status pendaftaran ${merchant.kodePendaftaran}: ${STATUS_LABELS[status]}`, paragraphs);
}
