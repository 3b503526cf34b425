import { z } from 'zod';
import { codesOf, mapRows } from './code-tables.js';

/**
 * QRIS-ready merchant data: what the acquirer needs to issue a merchant's NMID, derived from
 * the registration and overridable by an admin.
 */

const MILIAR = 1_000_000_000;

/**
 * Business size by annual sales, PP 7/2021 (usaha mikro, kecil, menengah, besar): each class's name and the
 * upper bound (inclusive) of its annual sales, smallest first.
 */
const KRITERIA = {
  UMI: { label: 'Usaha Mikro', maxAnnualSales: 2 * MILIAR },
  UKE: { label: 'Usaha Kecil', maxAnnualSales: 15 * MILIAR },
  UME: { label: 'Usaha Menengah', maxAnnualSales: 50 * MILIAR },
  UBE: { label: 'Usaha Besar', maxAnnualSales: Infinity },
};
export const KRITERIA_USAHA = codesOf(KRITERIA);
export type KriteriaUsaha = (typeof KRITERIA_USAHA)[number];

export const KRITERIA_USAHA_LABELS = mapRows(KRITERIA, (row) => row.label);

export const KRITERIA_USAHA_SOURCE = 'PP No. 7 Tahun 2021, Pasal 35 (hasil penjualan tahunan = omzet per bulan × 12)';

/** The class of a monthly turnover, annualised as ×12 (the registration asks for the month only). */
export function kriteriaUsaha(omsetPerBulan: number): KriteriaUsaha {
  const annual = omsetPerBulan * 12;
  return KRITERIA_USAHA.find((code) => annual <= KRITERIA[code].maxAnnualSales) ?? 'UBE';
}

/** ISO 18245 merchant category codes offered for QRIS, with their Indonesian description. */
export const MCC_CODES = {
  '5399': 'Toko serba ada dan barang dagangan umum',
  '5812': 'Restoran dan tempat makan',
  '5651': 'Toko pakaian keluarga',
  '6012': 'Lembaga keuangan (barang dan jasa)',
  '5732': 'Toko elektronik',
  '5411': 'Toko kelontong dan supermarket',
  '8299': 'Sekolah dan layanan pendidikan lainnya',
  '8099': 'Layanan medis dan kesehatan lainnya',
  '5533': 'Toko suku cadang dan aksesori otomotif',
  '6513': 'Agen dan pengelola properti (sewa)',
  '4722': 'Agen perjalanan dan operator tur',
  '7372': 'Pemrograman komputer, pengolahan data, dan desain sistem',
} as const;
export type MccCode = keyof typeof MCC_CODES;
export const MCC_CODE_LIST = Object.keys(MCC_CODES) as [MccCode, ...MccCode[]];

/**
 * The spec's business categories and their default code. 'Lainnya' and a free-text category have none:
 * the admin chooses one before the QRIS export.
 */
export const CATEGORY_MCC: Readonly<Record<string, MccCode>> = {
  Retail: '5399',
  'F&B': '5812',
  Fashion: '5651',
  'Jasa Keuangan': '6012',
  Elektronik: '5732',
  Sembako: '5411',
  Pendidikan: '8299',
  Kesehatan: '8099',
  Otomotif: '5533',
  Properti: '6513',
  'Travel & Tourism': '4722',
  Teknologi: '7372',
};

export function defaultMcc(kategoriUsaha: string): MccCode | null {
  return Object.hasOwn(CATEGORY_MCC, kategoriUsaha) ? CATEGORY_MCC[kategoriUsaha]! : null;
}

export const NAMA_QRIS_MAX = 25;
export const KOTA_QRIS_MAX = 15;

/**
 * Letters, digits and single spaces, cut to `max`, upper case (as QRIS merchant names are printed).
 * Accents are folded first so 'Kafé' keeps its letters as 'KAFE'.
 */
function qrisText(value: string, max: number): string {
  const plain = value
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.slice(0, max).trim().toUpperCase();
}

export function deriveNamaQris(namaToko: string): string {
  return qrisText(namaToko, NAMA_QRIS_MAX);
}

/** 'Kota Bandung' → 'BANDUNG', 'Kabupaten Bogor' / 'Kab. Bogor' → 'BOGOR'. */
export function deriveKotaQris(kotaKab: string): string {
  return qrisText(kotaKab.trim().replace(/^(kota|kabupaten|kab\.?)\s+/i, ''), KOTA_QRIS_MAX);
}

export const QRIS_MESSAGES = {
  mcc: 'Pilih MCC dari daftar',
  namaQris: `Nama QRIS 1-${NAMA_QRIS_MAX} karakter, hanya huruf, angka, dan spasi`,
  kotaQris: `Kota QRIS 1-${KOTA_QRIS_MAX} karakter, hanya huruf, angka, dan spasi`,
  alasan: 'Alasan ekspor wajib diisi (3-500 karakter)',
  secondFactorRequired: 'Ekspor QRIS memuat NIK dan nomor rekening: aktifkan verifikasi dua langkah (TOTP) pada akun Anda terlebih dahulu',
  mccMissing: (codes: readonly string[]) => `MCC belum dipilih untuk: ${codes.join(', ')}`,
} as const;

const qrisField = (max: number, message: string) =>
  z
    .string(message)
    .trim()
    .min(1, message)
    .max(max, message)
    .regex(/^[A-Za-z0-9 ]+$/, message)
    // Stored as printed: upper case, single spaces.
    .transform((value) => value.replace(/\s+/g, ' ').toUpperCase());

export const MccSchema = z.enum(MCC_CODE_LIST, QRIS_MESSAGES.mcc);
export const NamaQrisSchema = qrisField(NAMA_QRIS_MAX, QRIS_MESSAGES.namaQris);
export const KotaQrisSchema = qrisField(KOTA_QRIS_MAX, QRIS_MESSAGES.kotaQris);

/** The QRIS fields of PUT /api/admin/merchants/:id: left out = unchanged, null = back to the derived value. */
export const QrisUpdateShape = {
  mcc: MccSchema.nullable().optional(),
  nama_qris: NamaQrisSchema.nullable().optional(),
  kota_qris: KotaQrisSchema.nullable().optional(),
};

/** The reason typed in the export dialog, stored in the qris_export audit row. */
export const ExportAlasanSchema = z.string(QRIS_MESSAGES.alasan).trim().min(3, QRIS_MESSAGES.alasan).max(500, QRIS_MESSAGES.alasan);
