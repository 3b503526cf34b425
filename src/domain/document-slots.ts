export const DOCUMENT_SLOTS = [
  'foto_ktp',
  'foto_selfie_ktp',
  'foto_kk',
  'foto_usaha',
  'foto_produk',
  'npwp_file',
  'siup_nib_file',
] as const;
export type DocumentSlot = (typeof DOCUMENT_SLOTS)[number];

export type DocumentSlotInfo = {
  label: string;
  slug: string;
  required: boolean;
  /** NPWP and SIUP/NIB may also be PDF at registration (SPEC §5). */
  allowsPdf: boolean;
};

export const DOCUMENT_SLOT_INFO: Record<DocumentSlot, DocumentSlotInfo> = {
  foto_ktp: { label: 'KTP', slug: 'ktp', required: true, allowsPdf: false },
  foto_selfie_ktp: { label: 'Selfie KTP', slug: 'selfie-ktp', required: true, allowsPdf: false },
  foto_kk: { label: 'Kartu Keluarga', slug: 'kk', required: true, allowsPdf: false },
  foto_usaha: { label: 'Foto Usaha', slug: 'usaha', required: true, allowsPdf: false },
  foto_produk: { label: 'Foto Produk', slug: 'produk', required: true, allowsPdf: false },
  npwp_file: { label: 'NPWP', slug: 'npwp', required: false, allowsPdf: true },
  siup_nib_file: { label: 'SIUP/NIB', slug: 'siup-nib', required: false, allowsPdf: true },
};

/** SPEC §5 and §9: 3 MB, exactly 3145728 bytes. */
export const MAX_UPLOAD_BYTES = 3 * 1024 * 1024;

export function isDocumentSlot(value: unknown): value is DocumentSlot {
  return typeof value === 'string' && (DOCUMENT_SLOTS as readonly string[]).includes(value);
}
