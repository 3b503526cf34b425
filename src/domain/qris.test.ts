import { describe, expect, it } from 'vitest';
import {
  CATEGORY_MCC,
  defaultMcc,
  deriveKotaQris,
  deriveNamaQris,
  ExportAlasanSchema,
  KotaQrisSchema,
  kriteriaUsaha,
  MCC_CODES,
  MccSchema,
  NamaQrisSchema,
} from './qris.js';
import { BUSINESS_CATEGORIES } from './vocabularies.js';

const MILIAR = 1_000_000_000;
/** The monthly turnover whose ×12 is exactly `annual` (every threshold divides by 12 only with a remainder). */
const monthly = (annual: number) => annual / 12;

describe('kriteriaUsaha (PP 7/2021, annual sales = monthly × 12)', () => {
  it('puts each threshold in the lower class and one rupiah more in the next', () => {
    // 2 miliar / 12 is not whole: the boundary is checked on the annual figure itself.
    expect(kriteriaUsaha(0)).toBe('UMI');
    expect(kriteriaUsaha(monthly(2 * MILIAR))).toBe('UMI');
    expect(kriteriaUsaha(monthly(2 * MILIAR + 1))).toBe('UKE');
    expect(kriteriaUsaha(monthly(15 * MILIAR))).toBe('UKE');
    expect(kriteriaUsaha(monthly(15 * MILIAR + 1))).toBe('UME');
    expect(kriteriaUsaha(monthly(50 * MILIAR))).toBe('UME');
    expect(kriteriaUsaha(monthly(50 * MILIAR + 1))).toBe('UBE');
  });

  it('classes whole monthly rupiah amounts around each threshold', () => {
    // 166.666.666 × 12 = 1.999.999.992 (mikro); 166.666.667 × 12 = 2.000.000.004 (kecil).
    expect(kriteriaUsaha(166_666_666)).toBe('UMI');
    expect(kriteriaUsaha(166_666_667)).toBe('UKE');
    expect(kriteriaUsaha(1_250_000_000)).toBe('UKE');
    expect(kriteriaUsaha(1_250_000_001)).toBe('UME');
    expect(kriteriaUsaha(4_166_666_666)).toBe('UME');
    expect(kriteriaUsaha(4_166_666_667)).toBe('UBE');
  });
});

describe('MCC table', () => {
  it('gives every business category but Lainnya a code of the table', () => {
    for (const category of BUSINESS_CATEGORIES.filter((c) => c !== 'Lainnya')) {
      const code = defaultMcc(category);
      expect(code, category).not.toBeNull();
      expect(Object.keys(MCC_CODES)).toContain(code);
    }
    expect(Object.keys(CATEGORY_MCC)).toHaveLength(12);
  });

  it('has no default for Lainnya, free text or inherited object keys', () => {
    expect(defaultMcc('Lainnya')).toBeNull();
    expect(defaultMcc('Jasa Cukur Rambut')).toBeNull();
    expect(defaultMcc('toString')).toBeNull();
  });

  it.each([
    ['Retail', '5399'],
    ['F&B', '5812'],
    ['Fashion', '5651'],
    ['Jasa Keuangan', '6012'],
    ['Elektronik', '5732'],
    ['Sembako', '5411'],
    ['Pendidikan', '8299'],
    ['Kesehatan', '8099'],
    ['Otomotif', '5533'],
    ['Properti', '6513'],
    ['Travel & Tourism', '4722'],
    ['Teknologi', '7372'],
  ])('maps %s to its ISO 18245 code %s', (category, code) => {
    expect(defaultMcc(category)).toBe(code);
  });

  it('accepts only the table codes', () => {
    expect(MccSchema.safeParse('5812').success).toBe(true);
    expect(MccSchema.safeParse('9999').error?.issues[0]?.message).toBe('Pilih MCC dari daftar');
  });
});

describe('nama_qris and kota_qris', () => {
  it('derives the QRIS name: letters, digits and single spaces, cut to 25, upper case', () => {
    expect(deriveNamaQris("Warung Bu Tini's & Sons")).toBe('WARUNG BU TINI S SONS');
    expect(deriveNamaQris('  Kafé   Kopi—Senja  ')).toBe('KAFE KOPI SENJA');
    expect(deriveNamaQris('Toko Sembako Berkah Jaya Abadi Sentosa')).toBe('TOKO SEMBAKO BERKAH JAYA');
    expect(deriveNamaQris('Toko Sembako Berkah Jaya Abadi Sentosa')).toHaveLength(24);
    expect(deriveNamaQris('ABCDEFGHIJKLMNOPQRSTUVWXYZ')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXY');
  });

  it('derives the QRIS city without its Kota/Kabupaten prefix, cut to 15', () => {
    expect(deriveKotaQris('Kota Bandung')).toBe('BANDUNG');
    expect(deriveKotaQris('Kabupaten Bogor')).toBe('BOGOR');
    expect(deriveKotaQris('Kab. Sleman')).toBe('SLEMAN');
    expect(deriveKotaQris('Jakarta Selatan')).toBe('JAKARTA SELATAN');
    expect(deriveKotaQris('Kabupaten Pangkajene dan Kepulauan')).toBe('PANGKAJENE DAN');
    expect(deriveKotaQris('Kotamobagu')).toBe('KOTAMOBAGU');
  });

  it('validates an edited value and stores it upper case', () => {
    expect(NamaQrisSchema.parse(' Warung  Tini ')).toBe('WARUNG TINI');
    expect(NamaQrisSchema.safeParse('Warung & Tini').error?.issues[0]?.message).toBe(
      'Nama QRIS 1-25 karakter, hanya huruf, angka, dan spasi',
    );
    expect(NamaQrisSchema.safeParse('A'.repeat(26)).success).toBe(false);
    expect(KotaQrisSchema.parse('Bandung')).toBe('BANDUNG');
    expect(KotaQrisSchema.safeParse('A'.repeat(16)).error?.issues[0]?.message).toBe(
      'Kota QRIS 1-15 karakter, hanya huruf, angka, dan spasi',
    );
  });

  it('requires a reason of 3-500 characters for the export', () => {
    expect(ExportAlasanSchema.safeParse(' ab ').error?.issues[0]?.message).toBe('Alasan ekspor wajib diisi (3-500 karakter)');
    expect(ExportAlasanSchema.safeParse('x'.repeat(501)).success).toBe(false);
    expect(ExportAlasanSchema.parse(' Pengajuan NMID ')).toBe('Pengajuan NMID');
  });
});
