import { describe, expect, it } from 'vitest';
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

  it('is carried by the wizard, fix page, admin and shipping schemas, naming each field', () => {
    const evil = 'Klik https://contoh.com/x';
    expect(firstMessage(StoreStepSchema.shape.nama_toko.safeParse(evil))).toBe(
      'Nama Toko tidak boleh berisi tautan, alamat e-mail, atau baris baru',
    );
    expect(firstMessage(StoreStepSchema.shape.alamat_jalan.safeParse(evil))).toBe(
      'Alamat Lengkap tidak boleh berisi tautan, alamat e-mail, atau baris baru',
    );
    expect(firstMessage(StoreStepSchema.shape.kecamatan.safeParse(evil))).toBe(
      'Kecamatan tidak boleh berisi tautan, alamat e-mail, atau baris baru',
    );
    expect(firstMessage(StoreStepSchema.shape.kota_kab.safeParse(evil))).toBe(
      'Kota/Kabupaten tidak boleh berisi tautan, alamat e-mail, atau baris baru',
    );
    expect(firstMessage(StoreStepSchema.shape.provinsi.safeParse(evil))).toBe(
      'Provinsi tidak boleh berisi tautan, alamat e-mail, atau baris baru',
    );
    expect(firstMessage(OwnerStepSchema.shape.nama_pemilik.safeParse(evil))).toBe(
      'Nama Lengkap Pemilik tidak boleh berisi tautan, alamat e-mail, atau baris baru',
    );
    expect(firstMessage(OwnerStepSchema.shape.alamat_pemilik.safeParse(evil))).toBe(
      'Alamat Pemilik tidak boleh berisi tautan, alamat e-mail, atau baris baru',
    );
    expect(firstMessage(BankStepSchema.shape.nama_rekening.safeParse(evil))).toBe(
      'Nama Pemilik Rekening tidak boleh berisi tautan, alamat e-mail, atau baris baru',
    );
    expect(firstMessage(FixFieldsSchema.safeParse({ nama_toko: 'Toko\nJaya' }))).toBe(
      'Nama Toko tidak boleh berisi tautan, alamat e-mail, atau baris baru',
    );
    expect(firstMessage(MerchantCreateSchema.shape.nama_pemilik.safeParse('bit.ly/x'))).toBe(
      'Nama Lengkap Pemilik tidak boleh berisi tautan, alamat e-mail, atau baris baru',
    );
    expect(firstMessage(MerchantUpdateSchema.shape.alamat_pemilik.safeParse('a@contoh.com'))).toBe(
      'Alamat Pemilik tidak boleh berisi tautan, alamat e-mail, atau baris baru',
    );
    expect(firstMessage(ShippingSchema.shape.nama_penerima.safeParse(evil))).toBe(
      'Nama Penerima tidak boleh berisi tautan, alamat e-mail, atau baris baru',
    );
    expect(firstMessage(ShippingSchema.shape.alamat_pengiriman.safeParse('Jl. Melati 1\nwww.contoh.com'))).toBe(
      'Alamat Pengiriman tidak boleh berisi tautan, alamat e-mail, atau baris baru',
    );
  });

  it('keeps the other rules first: an empty or short value gets its own text', () => {
    expect(firstMessage(StoreStepSchema.shape.alamat_jalan.safeParse('Jl. A'))).toBe('Alamat lengkap minimal 10 karakter');
    expect(StoreStepSchema.shape.nama_toko.safeParse('  Toko Jaya  ').data).toBe('Toko Jaya');
  });
});
