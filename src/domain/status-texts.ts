import { STATUS_FORM_TEXTS } from './status-form-texts.js';
import { STATUS_LABELS, type MerchantStatus } from './vocabularies.js';

// The status page's texts and links, apart from the lookup's schemas: the page paints with these and
// loads zod only when it parses an answer (page budgets, decision 0043).

export const STATUS_LOOKUP_MESSAGES = {
  codeRequired: 'Masukkan kode pendaftaran',
  emailPhoneRequired: 'Masukkan email dan nomor HP',
} as const;

/**
 * What a code-only lookup reads in place of the admin's own words for a fix: a code is guessable, and the
 * free text may name the applicant's data. The e-mail and the receipt holder's page carry the reason.
 */
export const FIX_REASON_FOR_CODE_ONLY = 'Alasan lengkap ada di e-mail yang kami kirim ke alamat pendaftar.';

/** One message per status on the result (docs/spec.md §2 Status page; it has none for data_tidak_lengkap: ours). */
export const STATUS_MESSAGES: Record<MerchantStatus, { title: string; body: string }> = {
  processing: {
    title: 'Pendaftaran Sedang Diproses',
    body: 'Tim kami sedang memverifikasi data pendaftaran Anda. Kami akan menghubungi Anda dalam 1-3 hari kerja.',
  },
  verified: {
    title: 'Pendaftaran Disetujui',
    body: 'Selamat! Pendaftaran Anda telah disetujui. Tim kami akan segera menghubungi Anda untuk langkah selanjutnya.',
  },
  rejected: {
    title: 'Pendaftaran Ditolak',
    body: 'Mohon maaf, pendaftaran Anda ditolak. Silakan hubungi tim kami untuk informasi lebih lanjut atau lakukan pendaftaran ulang.',
  },
  data_tidak_lengkap: {
    title: 'Data Belum Lengkap',
    body: 'Data pendaftaran Anda belum lengkap. Silakan baca catatan admin di bawah ini dan hubungi tim kami untuk melengkapinya.',
  },
};

/** The notes docs/spec.md §2 puts on the status page. */
export const STATUS_NOTES = [
  'Verifikasi data membutuhkan waktu 1-2 hari kerja.',
  'Pendaftaran rekening bank membutuhkan waktu 3-5 hari kerja.',
  'Aktivasi perangkat akan dipandu oleh tim kami melalui video call.',
  'Simpan kode pendaftaran Anda untuk mengecek status pendaftaran.',
] as const;

/** Texts of the status page's answer that the SPEC describes without quoting (the form's are in status-form-texts.ts). */
export const STATUS_PAGE_TEXTS = {
  ...STATUS_FORM_TEXTS,
  register: 'Daftar Merchant',
  storeSection: 'Informasi Toko',
  ownerSection: 'Informasi Pemilik',
  registrationSection: 'Informasi Pendaftaran',
  storeName: 'Nama Toko',
  category: 'Kategori Usaha',
  city: 'Kota/Kabupaten',
  ownerName: 'Nama Pemilik',
  email: 'Email',
  phone: 'Nomor HP',
  code: 'Kode Pendaftaran',
  submittedAt: 'Tanggal Pengajuan',
  address: 'Alamat',
  adminNote: 'Catatan Admin',
  notesTitle: 'Informasi Penting',
  maskedHint: 'Demi keamanan, sebagian data pribadi disamarkan. Cari dengan email dan nomor HP untuk melihat data lengkap.',
  home: 'Kembali ke Beranda',
  shareWhatsApp: 'Share WhatsApp',
  copyLink: 'Salin Link',
  print: 'Unduh Bukti',
  copyCode: 'Salin kode pendaftaran',
  receiptTitle: 'Bukti Pendaftaran Merchant AIPOS',
  receiptPrinted: 'Dicetak',
  statusLabel: 'Status',
} as const;

/** The shareable address of a registration's status: only the code, never personal data. */
export function statusLink(origin: string, code: string): string {
  return `${origin}/status?code=${encodeURIComponent(code)}`;
}

/** The prefilled WhatsApp message: code, store name, status and the status link. */
// The shape is spelled out rather than taken from status-lookup.ts, which imports this file's messages.
export function whatsappShareText(result: { kode_pendaftaran: string; nama_toko: string; status: MerchantStatus }, link: string): string {
  return [
    'Status Pendaftaran Merchant AIPOS',
    `Kode Pendaftaran: ${result.kode_pendaftaran}`,
    `Nama Toko: ${result.nama_toko}`,
    `Status: ${STATUS_LABELS[result.status]}`,
    `Cek status: ${link}`,
  ].join('\n');
}

export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
