import { labelledCodes } from './code-tables.js';
import { DOCUMENT_SLOT_INFO, DOCUMENT_SLOTS, type DocumentSlot } from './document-slots.js';

// The fix request's vocabulary and texts, apart from its zod schemas (perbaikan.ts): the public fix page
// paints with these and loads zod only when it checks what was typed (page budgets, decision 0043).

/** The merchant fields of docs/spec.md §3 an admin may ask the applicant to fix, in the wizard's order, and their labels. */
export const [FIX_FIELDS, FIX_FIELD_LABELS] = labelledCodes({
  nama_toko: 'Nama Toko',
  kategori_usaha: 'Kategori Usaha',
  alamat_jalan: 'Alamat Lengkap',
  kecamatan: 'Kecamatan',
  kota_kab: 'Kota/Kabupaten',
  provinsi: 'Provinsi',
  kode_pos: 'Kode Pos',
  tempat_usaha: 'Status Tempat Usaha',
  omset_per_bulan: 'Omset per Bulan',
  nama_pemilik: 'Nama Lengkap Pemilik',
  nik: 'NIK',
  no_hp: 'Nomor HP',
  email: 'Email',
  alamat_pemilik: 'Alamat Pemilik',
  nama_bank: 'Nama Bank',
  no_rekening: 'Nomor Rekening',
  nama_rekening: 'Nama Pemilik Rekening',
});
export type FixField = keyof typeof FIX_FIELD_LABELS;

/** A fix request names fields and document slots alike. */
export const FIX_TARGETS = [...FIX_FIELDS, ...DOCUMENT_SLOTS] as const;
export type FixTarget = (typeof FIX_TARGETS)[number];

export function isFixField(value: string): value is FixField {
  return (FIX_FIELDS as readonly string[]).includes(value);
}

export function isDocumentTarget(value: string): value is DocumentSlot {
  return (DOCUMENT_SLOTS as readonly string[]).includes(value);
}

/** The label shown beside a flagged field or document (e-mail, status page, fix page). */
export function fixTargetLabel(target: FixTarget): string {
  return isFixField(target) ? FIX_FIELD_LABELS[target] : `Dokumen ${DOCUMENT_SLOT_INFO[target].label}`;
}

/** Days a fix link stays valid. */
export const FIX_LINK_DAYS = 14;

export const PERBAIKAN_MESSAGES = {
  invalidLink: 'Tautan perbaikan tidak valid atau sudah kedaluwarsa',
  fixLinkMailed: 'Tautan perbaikan dikirim ke e-mail pendaftar.',
  unknownTarget: (name: string) => `Data "${name}" tidak dikenal dan tidak dapat diminta untuk diperbaiki`,
  duplicateTarget: (label: string) => `${label} dipilih lebih dari satu kali`,
  reasonRequired: 'Isi alasan perbaikan untuk setiap data yang dipilih',
  reasonTooLong: 'Alasan perbaikan maksimal 300 karakter',
  tooMany: 'Terlalu banyak data yang dipilih untuk diperbaiki',
  requiredForIncomplete: 'Pilih minimal satu data yang perlu diperbaiki',
  onlyForFixStatuses: 'Daftar perbaikan hanya untuk status Data Tidak Lengkap atau Ditolak',
  notFlagged: (label: string) => `${label} tidak diminta untuk diperbaiki`,
  fieldMissing: (label: string) => `${label} wajib diisi ulang`,
  documentMissing: (label: string) => `${label} wajib diupload ulang`,
  submitted: 'Perbaikan data berhasil dikirim',
} as const;
