import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../tests/support/admin-session.js';
import { buildTestApp, type TestApp } from '../../../tests/support/build-test-app.js';
import { fixLinkFromOutbox } from '../../../tests/support/fix-link.js';
import { ADMIN_CREATE_BODY, adminSaveBody } from '../../../tests/support/merchant-fixtures.js';
import { SHIPPING } from '../../../tests/support/order-fixtures.js';
import { orderBody, postOrder } from '../../../tests/support/order-requests.js';
import { expectRefusal } from '../../../tests/support/refusals.js';
import { GENEROUS_LIMITS, postRegistration, registerMerchant, registrationBody } from '../../../tests/support/registration-fixtures.js';
import { merchants, orders } from '../db/schema.js';

const BASE = 'https://merchant.aipos.test';
const refusal = (label: string, field: string) => ({
  code: 'VALIDATION_ERROR',
  message: `${label} tidak boleh berisi tautan, alamat e-mail, atau baris baru`,
  field,
});

/** Each public name and address field, its label, and an attack of another kind for each. */
const FIELDS: [string, string, string][] = [
  ['nama_toko', 'Nama Toko', 'Toko Jaya\nHadiah menanti Anda, klik tautan di bawah'],
  ['alamat_jalan', 'Alamat Lengkap', 'Jl. Melati No. 12 https://contoh.com/klaim'],
  ['kecamatan', 'Kecamatan', 'www.hadiah.net'],
  ['kota_kab', 'Kota/Kabupaten', 'bit.ly/x'],
  ['provinsi', 'Provinsi', 'DKI\u202eJakarta\u0007'],
  ['nama_pemilik', 'Nama Lengkap Pemilik', 'Budi hubungi cs@bank-palsu.co.id'],
  ['alamat_pemilik', 'Alamat Pemilik', 'Jl. Kenanga\r\nVerifikasi di contoh.com/verifikasi'],
  ['nama_rekening', 'Nama Pemilik Rekening', 'SITI s.id/hadiah'],
];

describe('names and addresses refuse links, e-mail addresses and line breaks on every endpoint', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: { ...GENEROUS_LIMITS, RATE_LIMIT_ORDERS_PER_HOUR: '100000', PUBLIC_BASE_URL: BASE } });
    ({ cookie } = await signIn(t.app));
  });
  afterAll(async () => {
    await t?.close();
  });

  const merchantCount = async () => (await t.database.db.select({ n: count() }).from(merchants))[0]!.n;
  const admin = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const fakeDocuments = () => ({
    foto_usaha: randomUUID(),
    foto_produk: randomUUID(),
    foto_ktp: randomUUID(),
    foto_selfie_ktp: randomUUID(),
    foto_kk: randomUUID(),
  });

  it('the registration: 400 naming the field, nothing written', async () => {
    const before = await merchantCount();
    for (const [field, label, attack] of FIELDS) {
      expectRefusal(await postRegistration(t.app, registrationBody(fakeDocuments(), { [field]: attack })), 400, refusal(label, field));
    }
    expect(await merchantCount()).toBe(before);
  });

  it('the registration takes real Indonesian names and addresses', async () => {
    const merchant = await registerMerchant(t.app, {
      nama_toko: 'CV. Maju Jaya (cab. 2) & Putra',
      alamat_jalan: 'Jl.Sudirman Kav.52-53 Blok C.3/12, RT 03/RW 05, Kel.Senayan',
      kecamatan: 'Kebayoran Baru',
      kota_kab: 'Kota Adm. Jakarta Selatan',
      provinsi: 'D.I. Yogyakarta',
      nama_pemilik: 'Dr. H. Ahmad Fauzi, S.Kom., M.M.',
      alamat_pemilik: "Jl. K.H. Hasyim Asy'ari No. 1, Gg. Mawar II dpn.TK Pertiwi",
      nama_rekening: "SITI NUR'AINI",
    });
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(row).toMatchObject({
      namaToko: 'CV. Maju Jaya (cab. 2) & Putra',
      namaPemilik: 'Dr. H. Ahmad Fauzi, S.Kom., M.M.',
      provinsi: 'D.I. Yogyakarta',
    });
  });

  it('the fix page: 400 naming the field, the link still open', async () => {
    const merchant = await registerMerchant(t.app);
    const flagged = FIELDS.map(([field]) => ({ field, alasan: 'Mohon periksa' }));
    const status = await admin('POST', `/api/admin/merchants/${merchant.id}/status`, { status: 'data_tidak_lengkap', perbaikan: flagged });
    expect(status.statusCode).toBe(200);
    const { token } = await fixLinkFromOutbox(t.database.db, merchant.id);
    const valid = Object.fromEntries(
      FIELDS.map(([field]) => [
        field,
        field === 'alamat_jalan' || field === 'alamat_pemilik' ? 'Jl. Melati No. 12, RT 03/RW 05' : 'Nilai Benar',
      ]),
    );
    for (const [field, label, attack] of FIELDS) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/perbaikan/${token}`,
        payload: { fields: { ...valid, [field]: attack } },
      });
      expectRefusal(response, 400, refusal(label, `fields.${field}`));
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/perbaikan/${token}` })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(row!.status).toBe('data_tidak_lengkap');
  });

  it('the admin create and edit forms: 400 naming the field', async () => {
    const before = await merchantCount();
    for (const [field, label, attack] of FIELDS) {
      expectRefusal(await admin('POST', '/api/admin/merchants', { ...ADMIN_CREATE_BODY, [field]: attack }), 400, refusal(label, field));
    }
    expect(await merchantCount()).toBe(before);

    const created = await admin('POST', '/api/admin/merchants', ADMIN_CREATE_BODY);
    expect(created.statusCode).toBe(201);
    const detail = (await admin('GET', `/api/admin/merchants/${created.json().id}`)).json();
    for (const [field, label, attack] of FIELDS) {
      expectRefusal(
        await admin('PUT', `/api/admin/merchants/${detail.id}`, adminSaveBody(detail, { [field]: attack })),
        400,
        refusal(label, field),
      );
    }
    const saved = await admin(
      'PUT',
      `/api/admin/merchants/${detail.id}`,
      adminSaveBody(detail, { alamat_jalan: 'Jl. Merdeka No. 10A, RT 001/RW 002' }),
    );
    expect(saved.statusCode).toBe(200);
  });

  it('the order shipping block: 400 naming the field, no order', async () => {
    const merchant = await registerMerchant(t.app);
    const cases: [string, string, string][] = [
      ['nama_penerima', 'Nama Penerima', 'Siti https://contoh.com'],
      ['alamat_pengiriman', 'Alamat Pengiriman', 'Jl. Melati No. 12\nTransfer ke rekening lain'],
      ['kota_kab', 'Kota/Kabupaten', 'bit.ly/x'],
      ['provinsi', 'Provinsi', 'admin@contoh.id'],
    ];
    for (const [field, label, attack] of cases) {
      const response = await postOrder(
        t.app,
        orderBody(merchant.kode_pendaftaran, undefined, { pengiriman: { ...SHIPPING, [field]: attack } }),
      );
      expectRefusal(response, 400, refusal(label, `pengiriman.${field}`));
    }
    expect((await t.database.db.select({ n: count() }).from(orders))[0]!.n).toBe(0);
    expect((await postOrder(t.app, orderBody(merchant.kode_pendaftaran))).statusCode).toBe(201);
  });
});
