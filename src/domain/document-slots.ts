import { codesOf } from './code-tables.js';
import { MESSAGES } from './messages.js';

/** Each slot's label and URL slug, whether registration requires it, and whether it may be a PDF (docs/spec.md §5). */
export const DOCUMENT_SLOT_INFO = {
  foto_ktp: { label: 'KTP', slug: 'ktp', required: true, allowsPdf: false },
  foto_selfie_ktp: { label: 'Selfie KTP', slug: 'selfie-ktp', required: true, allowsPdf: false },
  foto_kk: { label: 'Kartu Keluarga', slug: 'kk', required: true, allowsPdf: false },
  foto_usaha: { label: 'Foto Usaha', slug: 'usaha', required: true, allowsPdf: false },
  foto_produk: { label: 'Foto Produk', slug: 'produk', required: true, allowsPdf: false },
  npwp_file: { label: 'NPWP', slug: 'npwp', required: false, allowsPdf: true },
  siup_nib_file: { label: 'SIUP/NIB', slug: 'siup-nib', required: false, allowsPdf: true },
} satisfies Record<string, { label: string; slug: string; required: boolean; allowsPdf: boolean }>;
export type DocumentSlot = keyof typeof DOCUMENT_SLOT_INFO;
/** The slots in the order above, the wizard's and the admin's. */
export const DOCUMENT_SLOTS = codesOf(DOCUMENT_SLOT_INFO);

/** docs/spec.md §5 and §9: 3 MB, exactly 3145728 bytes. */
export const MAX_UPLOAD_BYTES = 3 * 1024 * 1024;

/**
 * How the wizard scales a photo that is too large before upload (decision 0015): browser-image-compression's
 * options, also used by the bench to scale its camera photos in Chromium. On the main thread, because the
 * library's worker would load its script from a CDN.
 */
export const PHOTO_SCALING = {
  maxSizeMB: (MAX_UPLOAD_BYTES * 0.95) / (1024 * 1024),
  maxWidthOrHeight: 2560,
  initialQuality: 0.85,
  fileType: 'image/jpeg',
  useWebWorker: false,
  maxIteration: 10,
} as const;

export function isDocumentSlot(value: unknown): value is DocumentSlot {
  return typeof value === 'string' && (DOCUMENT_SLOTS as readonly string[]).includes(value);
}

/** Texts of POST /api/uploads that docs/spec.md §5 does not quote. */
export const UPLOAD_MESSAGES = {
  fileTypeWithPdf: 'Format file harus JPG, PNG atau PDF',
  noFile: 'Pilih file yang akan diupload',
  unknownSlot: 'Jenis dokumen tidak dikenal',
  oneFile: 'Kirim satu file untuk setiap upload',
  notMultipart: 'File harus dikirim sebagai multipart/form-data',
  unreadable: 'File tidak dapat dibaca. Pastikan file tidak rusak, lalu upload ulang.',
  tooManyPixels: 'Resolusi gambar terlalu besar. Kecilkan gambar, lalu upload ulang.',
} as const;

/** The 415 text for a slot: docs/spec.md §5's for photos; NPWP and SIUP/NIB also take PDF. */
export function fileTypeMessage(slot: DocumentSlot): string {
  return DOCUMENT_SLOT_INFO[slot].allowsPdf ? UPLOAD_MESSAGES.fileTypeWithPdf : MESSAGES.fileTypeRegistration;
}

/** The upload slots of wizard step 1 (Data Toko) and step 3 (Dokumen). */
export const REGISTRATION_STEP_SLOTS: Record<'store' | 'documents', DocumentSlot[]> = {
  store: ['foto_usaha', 'foto_produk'],
  documents: ['foto_ktp', 'foto_selfie_ktp', 'foto_kk', 'npwp_file', 'siup_nib_file'],
};
