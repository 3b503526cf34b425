import { describe, expect, it } from 'vitest';
import { MerchantUpdateSchema, type MerchantDetail } from '../../../domain/merchants';
import { firstApprovalOnly } from './first-approval';
import { PROFILE_FIELDS, ProfileFormSchema, rejectsHere, toMerchantUpdate, toProfileForm } from './profile-form';

const merchant: MerchantDetail = {
  id: '4d7f0b8e-7c1a-4a52-9d8e-0d0b7a0c9f11',
  kode_pendaftaran: 'AIP-AB12C',
  nama_toko: 'Toko Berkah',
  nama_pemilik: 'Budi Santoso',
  no_hp: '+6281234567890',
  email: 'budi@gmail.com',
  kota_kab: 'Jakarta Selatan',
  provinsi: 'DKI Jakarta',
  status: 'processing',
  submitted_at: '2026-11-20T07:30:00.000Z',
  age_working_days: 1,
  sla: 'on_time',
  has_duplicates: false,
  diklaim_oleh: null,
  persetujuan_kedua: { menunggu: false, oleh: null },
  kategori_usaha: 'Retail',
  alamat_jalan: 'Jl. Sudirman No. 45',
  kecamatan: 'Setiabudi',
  kode_pos: '12920',
  tempat_usaha: null,
  omset_per_bulan: 15_000_000,
  nik: '•••• •••• •••• 0001',
  alamat_pemilik: 'Jl. Melati No. 5, Jakarta',
  nama_bank: 'BCA',
  no_rekening: '•••• 1234',
  nama_rekening: 'Budi Santoso',
  catatan_admin: null,
  updated_at: '2026-11-21T01:02:03.456Z',
  documents: {
    foto_ktp: true,
    foto_selfie_ktp: true,
    foto_kk: true,
    foto_usaha: true,
    foto_produk: true,
    npwp_file: false,
    siup_nib_file: false,
  },
  nik_check: { province_code: '31', province_name: 'DKI Jakarta', problems: [], province_mismatch: false },
  kriteria_usaha: 'UMI',
  mcc: '5399',
  nama_qris: 'TOKO BERKAH',
  kota_qris: 'JAKARTA SELATAN',
  rekening_diubah_sejak_pengajuan: false,
  peringatan_foto: {},
};

describe('toProfileForm', () => {
  it('holds every editable field as text, nulls as empty', () => {
    const form = toProfileForm(merchant);
    expect(Object.keys(form).sort()).toEqual([...PROFILE_FIELDS].sort());
    expect(form.tempat_usaha).toBe('');
    expect(form.catatan_admin).toBe('');
    expect(ProfileFormSchema.safeParse(form).success).toBe(true);
  });

  it('treats an unknown premises value as not chosen', () => {
    expect(toProfileForm({ ...merchant, tempat_usaha: 'Kontrak' }).tempat_usaha).toBe('');
    expect(toProfileForm({ ...merchant, tempat_usaha: 'Hak Milik' }).tempat_usaha).toBe('Hak Milik');
  });
});

describe('toMerchantUpdate', () => {
  it('builds a body the server schema accepts, with the version the edit started from', () => {
    const form = { ...toProfileForm(merchant), nama_toko: 'Toko Berkah Jaya', status: 'verified' as const, catatan_admin: '  ' };
    const body = toMerchantUpdate(form, merchant, merchant.updated_at);
    expect(body).toMatchObject({
      nama_toko: 'Toko Berkah Jaya',
      status: 'verified',
      catatan_admin: null,
      tempat_usaha: null,
      omset_per_bulan: 15_000_000,
    });
    expect(body.expected_updated_at).toBe('2026-11-21T01:02:03.456Z');
    expect(MerchantUpdateSchema.safeParse(body).success).toBe(true);
  });

  it('sends NIK and account number only once revealed, so a save never stores the mask', () => {
    const form = toProfileForm(merchant);
    const unrevealed = toMerchantUpdate(form, merchant, merchant.updated_at);
    expect(unrevealed).not.toHaveProperty('nik');
    expect(unrevealed).not.toHaveProperty('no_rekening');
    const revealed = toMerchantUpdate({ ...form, nik: '3174015505900001' }, merchant, merchant.updated_at, new Set(['nik']));
    expect(revealed).toMatchObject({ nik: '3174015505900001' });
    expect(revealed).not.toHaveProperty('no_rekening');
    expect(MerchantUpdateSchema.safeParse(revealed).success).toBe(true);
  });

  it('trims a note and keeps a chosen premises', () => {
    const body = toMerchantUpdate(
      { ...toProfileForm(merchant), catatan_admin: ' Foto KTP buram ', tempat_usaha: 'Sewa' },
      merchant,
      merchant.updated_at,
    );
    expect(body.catatan_admin).toBe('Foto KTP buram');
    expect(body.tempat_usaha).toBe('Sewa');
  });
});

describe('a rejection chosen in the profile form', () => {
  it('sends its reasons only with a new rejection, so the server can hold the final-code rule', () => {
    const form = { ...toProfileForm(merchant), status: 'rejected' as const, kode_alasan: ['data_ganda' as const] };
    expect(rejectsHere(form, merchant)).toBe(true);
    const body = toMerchantUpdate(form, merchant, merchant.updated_at);
    expect(body).toMatchObject({ status: 'rejected', kode_alasan: ['data_ganda'] });
    expect(MerchantUpdateSchema.safeParse(body).success).toBe(true);
    const edited = toMerchantUpdate({ ...toProfileForm(merchant), kode_alasan: ['data_ganda'] }, merchant, merchant.updated_at);
    expect(edited).not.toHaveProperty('kode_alasan');
    const alreadyRejected = { ...merchant, status: 'rejected' as const };
    expect(rejectsHere(form, alreadyRejected)).toBe(false);
    expect(toMerchantUpdate(form, alreadyRejected, merchant.updated_at)).not.toHaveProperty('kode_alasan');
  });
});

describe('firstApprovalOnly', () => {
  it("tells a 'verified' recorded as the first of two approvals from a done one", () => {
    expect(firstApprovalOnly('verified', { status: 'processing', persetujuan_kedua: { menunggu: true, oleh: null } })).toBe(true);
    expect(firstApprovalOnly('verified', { status: 'verified', persetujuan_kedua: { menunggu: false, oleh: null } })).toBe(false);
    expect(firstApprovalOnly('rejected', { status: 'rejected', persetujuan_kedua: { menunggu: false, oleh: null } })).toBe(false);
    expect(firstApprovalOnly(undefined, { status: 'processing', persetujuan_kedua: { menunggu: true, oleh: null } })).toBe(false);
  });
});

describe('QRIS fields in the profile form', () => {
  it('sends no QRIS value left as shown, so it stays derived', () => {
    const body = toMerchantUpdate(toProfileForm(merchant), merchant, merchant.updated_at);
    expect(body).not.toHaveProperty('mcc');
    expect(body).not.toHaveProperty('nama_qris');
    expect(body).not.toHaveProperty('kota_qris');
  });

  it('sends what the admin changed, and an MCC only once chosen', () => {
    const form = { ...toProfileForm(merchant), mcc: '5812' as const, nama_qris: 'Berkah Kopi' };
    const body = toMerchantUpdate(form, merchant, merchant.updated_at);
    expect(body).toMatchObject({ mcc: '5812', nama_qris: 'Berkah Kopi' });
    expect(body).not.toHaveProperty('kota_qris');
    expect(MerchantUpdateSchema.parse(body)).toMatchObject({ mcc: '5812', nama_qris: 'BERKAH KOPI' });
    const unchosen = toProfileForm({ ...merchant, mcc: null });
    expect(unchosen.mcc).toBe('');
    expect(toMerchantUpdate(unchosen, { ...merchant, mcc: null }, merchant.updated_at)).not.toHaveProperty('mcc');
  });

  it('marks a QRIS name with other characters', () => {
    const result = ProfileFormSchema.safeParse({ ...toProfileForm(merchant), nama_qris: 'Toko & Co' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['nama_qris'],
      message: 'Nama QRIS 1-25 karakter, hanya huruf, angka, dan spasi',
    });
  });
});
