import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testAppPerSuite, type TestApp } from '../../../tests/support/build-test-app.js';
import { registerMerchant } from '../../../tests/support/registration-fixtures.js';
import { seal } from '../crypto/sealed.js';
import { merchants, type NewMerchantRow } from '../db/schema.js';
import { generateToken, hashToken } from '../shared/tokens.js';

const RESULT_KEYS = [
  'alamat_jalan',
  'alasan',
  'catatan_admin',
  'email',
  'kategori_usaha',
  'kecamatan',
  'kode_pendaftaran',
  'kode_pos',
  'kota_kab',
  'nama_pemilik',
  'nama_toko',
  'no_hp',
  'perbaikan',
  'pesanan',
  'provinsi',
  'status',
  'submitted_at',
  'timeline',
];
const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'Data tidak ditemukan. Periksa kembali informasi yang Anda masukkan.' } };

function merchantRow(overrides: Partial<NewMerchantRow> & Pick<NewMerchantRow, 'kodePendaftaran'>): NewMerchantRow {
  const id = randomUUID();
  return {
    id,
    namaToko: 'Toko Berkah Jaya',
    kategoriUsaha: 'Retail',
    alamatJalan: 'Jl. Merdeka No. 10',
    kecamatan: 'Tebet',
    kotaKab: 'Jakarta Selatan',
    provinsi: 'DKI Jakarta',
    kodePos: '12810',
    namaPemilik: 'Budi Santoso',
    nik: seal('3174015505900001', 'merchants', 'nik', id),
    noHp: '+6281234567890',
    email: 'budi@gmail.com',
    alamatPemilik: 'Jl. Melati No. 5, Jakarta',
    namaBank: 'BCA',
    noRekening: seal('9876501234', 'merchants', 'no_rekening', id),
    namaRekening: 'BUDI SANTOSO',
    fotoKtp: 'docs/ktp.jpg',
    status: 'processing',
    submittedAt: new Date('2026-11-20T07:30:00Z'),
    ...overrides,
  };
}

describe('POST /api/status/lookup', () => {
  let t: TestApp;
  const token = generateToken();

  // Each call from its own address: this suite makes more lookups than one IP may per minute.
  let calls = 0;
  const nextIp = () => {
    calls += 1;
    return `10.1.${calls >> 8}.${calls & 255}`;
  };
  const lookup = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/status/lookup', payload: payload as object, remoteAddress: nextIp() });

  beforeAll(async () => {
    t = await buildTestApp();
    await t.database.db.insert(merchants).values([
      merchantRow({ kodePendaftaran: 'AIP-AB12C', receiptTokenHash: hashToken(token), catatanAdmin: 'Foto KTP buram' }),
      // The same owner registered twice: the newer one wins an e-mail-plus-phone lookup.
      merchantRow({
        kodePendaftaran: 'AIP-NEW01',
        namaToko: 'Toko Berkah Baru',
        status: 'verified',
        submittedAt: new Date('2026-11-21T07:30:00Z'),
      }),
      // Newest of all, but deleted: never found.
      merchantRow({
        kodePendaftaran: 'AIP-DEL01',
        namaToko: 'Toko Dihapus',
        isDeleted: true,
        submittedAt: new Date('2026-11-22T07:30:00Z'),
      }),
      merchantRow({
        kodePendaftaran: 'AIP-X_Y-Z',
        namaToko: 'Warung Siti',
        namaPemilik: 'Siti Nur Aisyah',
        email: 'siti.aisyah@contoh.co.id',
        noHp: '+628119998877',
        status: 'data_tidak_lengkap',
      }),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('by code', () => {
    it('finds a registration whatever the case and spacing of the code', async () => {
      for (const code of ['AIP-AB12C', 'aip-ab12c', 'Aip-Ab12c', '  aip-ab12c  ', 'aip-x_y-z']) {
        const response = await lookup({ kode_pendaftaran: code });
        expect(response.statusCode, code).toBe(200);
        expect(response.json().kode_pendaftaran, code).toBe(code.trim().toUpperCase());
      }
    });

    it('answers exactly the public fields, never NIK, bank data, documents or ids', async () => {
      const response = await lookup({ kode_pendaftaran: 'AIP-AB12C', receipt_token: token });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(RESULT_KEYS);
      const text = response.body;
      for (const secret of ['3174015505900001', '9876501234', 'BCA', 'BUDI SANTOSO', 'ktp.jpg', 'receipt', 'Jl. Melati']) {
        expect(text).not.toContain(secret);
      }
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('masks e-mail, phone and owner name for a code alone, and leaves out the address and the admin note', async () => {
      const response = await lookup({ kode_pendaftaran: 'aip-ab12c' });
      expect(response.json()).toEqual({
        status: 'processing',
        nama_toko: 'Toko Berkah Jaya',
        kategori_usaha: 'Retail',
        kota_kab: 'Jakarta Selatan',
        nama_pemilik: 'Budi S.',
        email: 'b***i@gmail.com',
        no_hp: '+62 812-****-7890',
        kode_pendaftaran: 'AIP-AB12C',
        submitted_at: '2026-11-20T07:30:00.000Z',
        catatan_admin: null,
        alamat_jalan: null,
        kecamatan: null,
        provinsi: 'DKI Jakarta',
        kode_pos: null,
        alasan: [],
        perbaikan: [],
        pesanan: null,
        timeline: null,
      });
      const siti = (await lookup({ kode_pendaftaran: 'AIP-X_Y-Z' })).json();
      expect([siti.nama_pemilik, siti.email, siti.no_hp]).toEqual(['Siti N. A.', 's***h@contoh.co.id', '+62 811-****-8877']);
    });

    it('answers full values to the browser holding the receipt token', async () => {
      const body = (await lookup({ kode_pendaftaran: 'aip-ab12c', receipt_token: token })).json();
      expect([body.nama_pemilik, body.email, body.no_hp]).toEqual(['Budi Santoso', 'budi@gmail.com', '+6281234567890']);
      expect([body.alamat_jalan, body.kecamatan, body.kode_pos, body.catatan_admin]).toEqual([
        'Jl. Merdeka No. 10',
        'Tebet',
        '12810',
        'Foto KTP buram',
      ]);
    });

    it('still masks with a wrong, empty or null token, or a token of another registration', async () => {
      for (const receipt_token of [generateToken(), '', null, token.toUpperCase(), hashToken(token)]) {
        const body = (await lookup({ kode_pendaftaran: 'AIP-AB12C', receipt_token })).json();
        expect(body.email, String(receipt_token)).toBe('b***i@gmail.com');
      }
      // AIP-NEW01 has no receipt (say, created by an admin): no token unlocks it.
      const other = (await lookup({ kode_pendaftaran: 'AIP-NEW01', receipt_token: token })).json();
      expect(other.email).toBe('b***i@gmail.com');
    });

    it('does not find an unknown or deleted code', async () => {
      for (const code of ['AIP-ZZZZZ', 'AIP-DEL01', 'aip-del01', 'AIP-AB12', 'AIP-AB12CX', '%', 'AIP-%']) {
        const response = await lookup({ kode_pendaftaran: code });
        expect(response.statusCode, code).toBe(404);
        expect(response.json(), code).toEqual(NOT_FOUND);
      }
    });
  });

  describe('by e-mail and phone', () => {
    it('finds the newest registration with the phone and e-mail in any spelling: those two as typed, the name masked, no address or note', async () => {
      const spellings: [string, string][] = [
        ['budi@gmail.com', '+6281234567890'],
        ['BUDI@Gmail.com', '081234567890'],
        ['  budi@gmail.com ', '0812-3456-7890'],
        ['budi@gmail.com', '62 812 3456 7890'],
        ['budi@gmail.com', '+62 (812) 3456.7890'],
      ];
      for (const [email, no_hp] of spellings) {
        const response = await lookup({ email, no_hp });
        expect(response.statusCode, `${email} ${no_hp}`).toBe(200);
        const body = response.json();
        expect(Object.keys(body).sort()).toEqual(RESULT_KEYS);
        expect(body.kode_pendaftaran).toBe('AIP-NEW01');
        expect(body.status).toBe('verified');
        expect([body.nama_pemilik, body.email, body.no_hp]).toEqual(['Budi S.', 'budi@gmail.com', '+6281234567890']);
        expect([body.alamat_jalan, body.kecamatan, body.kode_pos, body.catatan_admin]).toEqual([null, null, null, null]);
      }
    });

    it('does not find a wrong pair, a deleted one or a number that is not a mobile number', async () => {
      const cases = [
        { email: 'budi@gmail.com', no_hp: '081234567891' },
        { email: 'budi@gmail.co', no_hp: '081234567890' },
        { email: 'siti.aisyah@contoh.co.id', no_hp: '081234567890' },
        { email: 'budi@gmail.com', no_hp: '12345' },
      ];
      for (const payload of cases) {
        const response = await lookup(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND);
      }
    });

    it('skips a deleted registration for the next newest one', async () => {
      await t.database.db.update(merchants).set({ isDeleted: true }).where(eq(merchants.kodePendaftaran, 'AIP-NEW01'));
      try {
        const body = (await lookup({ email: 'budi@gmail.com', no_hp: '081234567890' })).json();
        expect(body.kode_pendaftaran).toBe('AIP-AB12C');
        expect((await lookup({ kode_pendaftaran: 'AIP-NEW01' })).statusCode).toBe(404);
      } finally {
        await t.database.db.update(merchants).set({ isDeleted: false }).where(eq(merchants.kodePendaftaran, 'AIP-NEW01'));
      }
    });
  });

  it('finds a registration made through POST /api/registrations, unmasked only with its receipt token', async () => {
    const registered = await registerMerchant(t.app);
    const masked = (await lookup({ kode_pendaftaran: registered.kode_pendaftaran.toLowerCase() })).json();
    expect(masked).toMatchObject({
      status: 'processing',
      nama_toko: 'Warung Sejahtera',
      nama_pemilik: 'Siti R.',
      email: 's***u@example.com',
      no_hp: '+62 812-****-7890',
      submitted_at: registered.submitted_at,
    });
    const own = (await lookup({ kode_pendaftaran: registered.kode_pendaftaran, receipt_token: registered.receipt_token })).json();
    expect([own.nama_pemilik, own.email, own.no_hp]).toEqual(['Siti Rahayu', 'siti.rahayu@example.com', '+6281234567890']);
    // E-mail and phone exactly as the wizard sent them.
    const byContact = await lookup({ email: registered.body.email, no_hp: registered.body.no_hp });
    expect(byContact.json().kode_pendaftaran).toBe(registered.kode_pendaftaran);
  });

  it('refuses malformed bodies with 400 and the error shape', async () => {
    const bodies: unknown[] = [
      {},
      { kode_pendaftaran: '' },
      { kode_pendaftaran: '   ' },
      { kode_pendaftaran: 123 },
      { kode_pendaftaran: 'x'.repeat(21) },
      { kode_pendaftaran: 'AIP-AB12C', email: 'budi@gmail.com' },
      { kode_pendaftaran: 'AIP-AB12C', nik: '3174015505900001' },
      { kode_pendaftaran: 'AIP-AB12C', receipt_token: 42 },
      { email: 'budi@gmail.com' },
      { no_hp: '081234567890' },
      { email: '', no_hp: '' },
      { email: 'budi@gmail.com', no_hp: '081234567890', receipt_token: token },
      [],
      'AIP-AB12C',
    ];
    for (const payload of bodies) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/status/lookup',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
        remoteAddress: nextIp(),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json();
      expect(body.error.code, JSON.stringify(payload)).toMatch(/^(VALIDATION_ERROR|BAD_REQUEST)$/);
      expect(typeof body.error.message).toBe('string');
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/status/lookup',
      headers: { 'content-type': 'application/json' },
      payload: '{"kode_pendaftaran":',
      remoteAddress: nextIp(),
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('INVALID_JSON');
  });

  it('is a POST only: the code never travels in a GET URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/status/lookup?kode_pendaftaran=AIP-AB12C' });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/status/lookup rate limit', () => {
  const t = testAppPerSuite({ env: { RATE_LIMIT_LOOKUPS_PER_MINUTE: '3' } });

  it('answers 429 in Indonesian after the limit per IP, found or not', async () => {
    const lookup = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/status/lookup', payload: { kode_pendaftaran: 'AIP-ZZZZZ' }, remoteAddress: ip });
    for (let i = 0; i < 3; i += 1) expect((await lookup('10.0.0.7')).statusCode).toBe(404);
    const limited = await lookup('10.0.0.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'Terlalu banyak permintaan. Silakan coba lagi nanti.' } });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address has its own budget.
    expect((await lookup('10.0.0.8')).statusCode).toBe(404);
  });
});

describe('client addresses behind a proxy (TRUST_PROXY)', () => {
  const lookupFrom = (t: TestApp, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/status/lookup',
      payload: { kode_pendaftaran: 'AIP-ZZZZZ' },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('with a hop count, counts per client address the nearest proxy reports; a prepended address changes nothing', async () => {
    const t = await buildTestApp({ env: { RATE_LIMIT_LOOKUPS_PER_MINUTE: '2', TRUST_PROXY: '1' } });
    try {
      for (let i = 0; i < 2; i += 1) expect((await lookupFrom(t, `198.51.100.${i}, 203.0.113.5`)).statusCode).toBe(404);
      // The client forged a first entry each time; the address our proxy saw (the last) is the same.
      expect((await lookupFrom(t, '192.0.2.99, 203.0.113.5')).statusCode).toBe(429);
      expect((await lookupFrom(t, '203.0.113.6')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('by default, ignores X-Forwarded-For entirely', async () => {
    const t = await buildTestApp({ env: { RATE_LIMIT_LOOKUPS_PER_MINUTE: '2' } });
    try {
      for (const address of ['203.0.113.1', '203.0.113.2']) expect((await lookupFrom(t, address)).statusCode).toBe(404);
      expect((await lookupFrom(t, '203.0.113.3')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
