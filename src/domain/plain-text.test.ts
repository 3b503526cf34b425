import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MerchantCreateSchema, MerchantUpdateSchema } from './merchants.js';
import { ShippingSchema } from './orders.js';
import { FixFieldsSchema } from './perbaikan.js';
import { hasLinkOrControl, plainTextMessage } from './plain-text.js';
import { BankStepSchema, OwnerStepSchema, StoreStepSchema } from './registration.js';

/** Names and addresses as Indonesians write them: dots, slashes, commas, titles, abbreviations. */
const MUST_PASS = [
  'Jl. Melati No. 12, RT 03/RW 05',
  'Jl.Sudirman Kav.52-53, Kel.Senayan, Kec.Kebayoran Baru',
  'Jl. Jend. A. Yani No.5 Blok C.3/12',
  'Gg. Mawar II No. 7, Dsn. Krajan, Ds. Sukamaju',
  'Jl. Kenanga Gg.Melati RT.003/RW.005 dpn.TK Pertiwi',
  'Perum. Griya Asri Blok AB.II/5, Kp. Baru',
  'Komp. Ruko Mangga Dua Blok C No. 3A (samping Indomaret)',
  "Jl. K.H. Hasyim Asy'ari No. 1, Tangerang",
  'Jl. Dr. Ir. H. Juanda No.100, Bandung 40132',
  'Kota Adm. Jakarta Selatan',
  'Kab. Kepulauan Seribu',
  'D.I. Yogyakarta',
  'Toko Kue "Bu Sari" & Putra',
  'CV. Maju Jaya Abadi',
  'PT. Sumber Rezeki Tbk.',
  'Apotek K-24 @Cibubur',
  'Warung Makan 99',
  'Dr. H. Ahmad Fauzi, S.Kom., M.M.',
  "Siti Nur'aini, S.Pd., M.Si.",
  'Ni Luh Putu Ayu, S.E., Ak.',
  'I Made Wirawan, S.T., M.Sc.',
  'dr. Rina Sp.A',
  'Toko Jaya (cab. 2)',
  'Jl. Raya Bogor KM. 28, No. 9/10',
  'Ruko Sentra Niaga Blok A-1 No.1-2',
];

/** Phishing carriers: line breaks, controls, links in every spelling, e-mail addresses. */
const MUST_FAIL = [
  'Toko Jaya\nKlik tautan berikut',
  'Toko Jaya\r\nVerifikasi akun',
  'Toko\tJaya',
  'Toko Jaya\u0000',
  'Toko Jaya\u2028baris baru',
  'Toko \u202eayaJ',
  'Hadiah di https://contoh.com/klaim',
  'http://10.0.0.1/login',
  'HTTPS://BANK-PALSU.CO.ID',
  'ftp://contoh.org',
  'Buka www.hadiah-gratis.net sekarang',
  'WWW.CONTOH.ID',
  'contoh.com/verifikasi',
  'bit.ly/x',
  'Klaim di s.id/hadiah',
  'tokojaya.co.id',
  'Klik hadiah.xyz',
  'bank-bca.online/login',
  'Hubungi admin@contoh.co.id',
  'CS: layanan.pelanggan@gmail.com',
  'xn--80ak6aa92e.com',
];

describe('plain text refinement of public names and addresses', () => {
  it.each(MUST_PASS)('passes a real name or address: %s', (value) => {
    expect(hasLinkOrControl(value)).toBe(false);
  });

  it.each(MUST_FAIL)('refuses a link, an e-mail address or a control: %j', (value) => {
    expect(hasLinkOrControl(value)).toBe(true);
  });

  it('words the refusal with the field name', () => {
    expect(plainTextMessage('Nama Toko')).toBe('Nama Toko tidak boleh berisi tautan, alamat e-mail, atau baris baru');
  });

  const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  const evil = 'Klik https://contoh.com/x';
  it.each<[string, z.ZodType, unknown, string]>([
    ['wizard nama_toko', StoreStepSchema.shape.nama_toko, evil, 'Nama Toko'],
    ['wizard alamat_jalan', StoreStepSchema.shape.alamat_jalan, evil, 'Alamat Lengkap'],
    ['wizard kecamatan', StoreStepSchema.shape.kecamatan, evil, 'Kecamatan'],
    ['wizard kota_kab', StoreStepSchema.shape.kota_kab, evil, 'Kota/Kabupaten'],
    ['wizard provinsi', StoreStepSchema.shape.provinsi, evil, 'Provinsi'],
    ['wizard nama_pemilik', OwnerStepSchema.shape.nama_pemilik, evil, 'Nama Lengkap Pemilik'],
    ['wizard alamat_pemilik', OwnerStepSchema.shape.alamat_pemilik, evil, 'Alamat Pemilik'],
    ['wizard nama_rekening', BankStepSchema.shape.nama_rekening, evil, 'Nama Pemilik Rekening'],
    ['fix page fields', FixFieldsSchema, { nama_toko: 'Toko\nJaya' }, 'Nama Toko'],
    ['admin create nama_pemilik', MerchantCreateSchema.shape.nama_pemilik, 'bit.ly/x', 'Nama Lengkap Pemilik'],
    ['admin update alamat_pemilik', MerchantUpdateSchema.shape.alamat_pemilik, 'a@contoh.com', 'Alamat Pemilik'],
    ['shipping nama_penerima', ShippingSchema.shape.nama_penerima, evil, 'Nama Penerima'],
    ['shipping alamat_pengiriman', ShippingSchema.shape.alamat_pengiriman, 'Jl. Melati 1\nwww.contoh.com', 'Alamat Pengiriman'],
  ])('is carried by the %s schema, naming the field', (_, schema, value, label) => {
    expect(firstMessage(schema.safeParse(value))).toBe(`${label} tidak boleh berisi tautan, alamat e-mail, atau baris baru`);
  });

  it('keeps the other rules first: an empty or short value gets its own text', () => {
    expect(firstMessage(StoreStepSchema.shape.alamat_jalan.safeParse('Jl. A'))).toBe('Alamat lengkap minimal 10 karakter');
    expect(StoreStepSchema.shape.nama_toko.safeParse('  Toko Jaya  ').data).toBe('Toko Jaya');
  });
});
