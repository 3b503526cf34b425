import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/support/build-test-app.js';
import { clearIdentity } from '../../../tests/support/clear-identity.js';
import { expectRefusal } from '../../../tests/support/refusals.js';
import {
  GENEROUS_LIMITS,
  makePdf,
  makePng,
  merchantIdOf,
  postRegistration,
  registerMerchant,
  registrationBody,
  stageDocument,
  stageRequiredDocuments,
  type RegistrationDocumentIds,
} from '../../../tests/support/registration-fixtures.js';
import { PRIVACY_NOTICE_VERSION, REGISTRATION_CODE_PATTERN } from '../../domain/registration.js';
import { auditLogs, merchants, uploads } from '../db/schema.js';
import { hashToken } from '../shared/tokens.js';

const NOW = new Date('2026-12-01T03:04:05.000Z');

describe('POST /api/registrations', () => {
  let t: TestApp;
  let app: FastifyInstance;
  /** Staged once: every refused request below must leave them unclaimed, so they are reused. */
  let shared: RegistrationDocumentIds;

  beforeAll(async () => {
    t = await buildTestApp({ now: () => NOW, env: GENEROUS_LIMITS });
    app = t.app;
    shared = await stageRequiredDocuments(app);
  });
  afterAll(async () => {
    await t.close();
  });

  const merchantCount = async () => (await t.database.db.select({ id: merchants.id }).from(merchants)).length;
  const sharedStillStaged = async () => {
    const rows = await t.database.db
      .select()
      .from(uploads)
      .where(inArray(uploads.id, Object.values(shared) as string[]));
    return rows.length === 5 && rows.every((row) => row.claimedBy === null);
  };

  it('registers: 201 with the contract, one row with normalised fields, consent, receipt hash, claimed uploads', async () => {
    const documents = await stageRequiredDocuments(app);
    documents.npwp_file = await stageDocument(app, 'npwp_file', makePdf());
    documents.siup_nib_file = await stageDocument(app, 'siup_nib_file', await makePng());
    const key = randomUUID();
    const response = await postRegistration(app, registrationBody(documents, { nik: '3174 0155 0390 0001' }), key);

    expect(response.statusCode).toBe(201);
    const body = response.json();
    // No internal id in the public answer (UU PDP review): the code is the applicant's handle.
    expect(Object.keys(body).sort()).toEqual(['kode_pendaftaran', 'receipt_token', 'status', 'submitted_at']);
    const id = await merchantIdOf(app, body.kode_pendaftaran);
    expect(body.kode_pendaftaran).toMatch(/^AIP-[A-Z0-9_-]{5}$/);
    expect(body.status).toBe('processing');
    expect(body.submitted_at).toBe(NOW.toISOString());
    expect(body.receipt_token.length).toBeGreaterThanOrEqual(43);

    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, id));
    expect(clearIdentity(row!)).toMatchObject({
      kodePendaftaran: body.kode_pendaftaran,
      namaToko: 'Warung Sejahtera',
      kategoriUsaha: 'Sembako',
      kodePos: '12810',
      tempatUsaha: 'Sewa',
      omsetPerBulan: 15_000_000,
      nik: '3174015503900001',
      noHp: '+6281234567890',
      email: 'siti.rahayu@example.com',
      namaBank: 'BCA',
      noRekening: '1234567890',
      status: 'processing',
      consentVersion: PRIVACY_NOTICE_VERSION,
      receiptTokenHash: hashToken(body.receipt_token),
      idempotencyKey: key,
      isDeleted: false,
      catatanAdmin: null,
    });
    expect(row!.consentAt?.toISOString()).toBe(NOW.toISOString());
    expect(row!.submittedAt.toISOString()).toBe(NOW.toISOString());

    const claimed = await t.database.db.select().from(uploads).where(eq(uploads.claimedBy, id));
    expect(claimed).toHaveLength(7);
    const keyOf = (slot: string) => claimed.find((u) => u.slot === slot)!.storageKey;
    // The row holds storage keys, never URLs.
    expect(row).toMatchObject({
      fotoKtp: keyOf('foto_ktp'),
      fotoSelfieKtp: keyOf('foto_selfie_ktp'),
      fotoKk: keyOf('foto_kk'),
      fotoUsaha: keyOf('foto_usaha'),
      fotoProduk: keyOf('foto_produk'),
      npwpFile: keyOf('npwp_file'),
      siupNibFile: keyOf('siup_nib_file'),
    });
    expect(row!.fotoKtp).toMatch(/^documents\/[0-9a-f-]{36}\.jpg$/);
    expect(row!.npwpFile).toMatch(/\.pdf$/);
    for (const upload of claimed) {
      expect(upload.claimedAt?.toISOString()).toBe(NOW.toISOString());
      expect(await t.storage.exists(upload.storageKey)).toBe(true);
    }

    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null, action: 'create', targetTable: 'merchants' });
    expect(audit[0]!.diff).toMatchObject({ created: 'Warung Sejahtera', kode_pendaftaran: body.kode_pendaftaran });
  });

  it('leaves optional documents and tempat_usaha empty when they are not sent', async () => {
    const registered = await registerMerchant(app, { tempat_usaha: undefined });
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, registered.id));
    expect(row).toMatchObject({ tempatUsaha: null, npwpFile: null, siupNibFile: null });
    const withNulls = await registerMerchant(app, { tempat_usaha: null });
    expect(withNulls.kode_pendaftaran).toMatch(REGISTRATION_CODE_PATTERN);
  });

  describe('field rules, refused: 400 with the field and its Indonesian text, nothing written', () => {
    const required = 'Harap lengkapi semua field yang wajib diisi';
    const bank = 'Harap lengkapi semua informasi rekening bank';
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['nama_toko missing', { nama_toko: undefined }, 'nama_toko', required],
      ['nama_toko blank', { nama_toko: '   ' }, 'nama_toko', required],
      ['kategori_usaha missing', { kategori_usaha: undefined }, 'kategori_usaha', required],
      ['alamat_jalan missing', { alamat_jalan: '' }, 'alamat_jalan', required],
      ['alamat_jalan 9 characters', { alamat_jalan: 'Jl. Mawar' }, 'alamat_jalan', 'Alamat lengkap minimal 10 karakter'],
      ['kecamatan missing', { kecamatan: undefined }, 'kecamatan', required],
      ['kecamatan 2 characters', { kecamatan: 'Ab' }, 'kecamatan', 'Kecamatan, Kota/Kabupaten, dan Provinsi minimal 3 karakter'],
      ['kota_kab missing', { kota_kab: undefined }, 'kota_kab', required],
      ['provinsi missing', { provinsi: '' }, 'provinsi', required],
      ['kategori_usaha 101 characters', { kategori_usaha: 'K'.repeat(101) }, 'kategori_usaha', 'Kategori usaha maksimal 100 karakter'],
      ['tempat_usaha not a choice', { tempat_usaha: 'Kontrak' }, 'tempat_usaha', 'Status tempat usaha harus Hak Milik atau Sewa'],
      ['kota_kab 2 characters', { kota_kab: ' Xy ' }, 'kota_kab', 'Kecamatan, Kota/Kabupaten, dan Provinsi minimal 3 karakter'],
      ['provinsi 2 characters', { provinsi: 'JB' }, 'provinsi', 'Kecamatan, Kota/Kabupaten, dan Provinsi minimal 3 karakter'],
      ['kode_pos missing', { kode_pos: '' }, 'kode_pos', required],
      ['kode_pos 2 digits', { kode_pos: '12' }, 'kode_pos', 'Kode pos harus 3-6 digit angka'],
      ['kode_pos 7 digits', { kode_pos: '1234567' }, 'kode_pos', 'Kode pos harus 3-6 digit angka'],
      ['kode_pos with a letter', { kode_pos: '12A45' }, 'kode_pos', 'Kode pos harus 3-6 digit angka'],
      ['omset_per_bulan missing', { omset_per_bulan: undefined }, 'omset_per_bulan', required],
      ['omset_per_bulan negative', { omset_per_bulan: -1 }, 'omset_per_bulan', 'Omset per bulan harus berupa angka bulat 0 atau lebih'],
      ['omset_per_bulan fractional', { omset_per_bulan: 1.5 }, 'omset_per_bulan', 'Omset per bulan harus berupa angka bulat 0 atau lebih'],
      ['nama_pemilik missing', { nama_pemilik: undefined }, 'nama_pemilik', required],
      ['nik missing', { nik: '' }, 'nik', required],
      ['nik 15 digits', { nik: '317401550390000' }, 'nik', 'NIK harus 16 digit'],
      ['nik with letters', { nik: '3174015503900O01' }, 'nik', 'NIK harus 16 digit'],
      ['nik with month 13', { nik: '3174011513900001' }, 'nik', 'NIK tidak valid. Periksa tanggal lahir dan nomor urut pada NIK Anda.'],
      ['nik with day 32', { nik: '3174013203900001' }, 'nik', 'NIK tidak valid. Periksa tanggal lahir dan nomor urut pada NIK Anda.'],
      ['nik with serial 0000', { nik: '3174015503900000' }, 'nik', 'NIK tidak valid. Periksa tanggal lahir dan nomor urut pada NIK Anda.'],
      ['no_hp missing', { no_hp: '' }, 'no_hp', required],
      [
        'no_hp a landline',
        { no_hp: '021-5551234' },
        'no_hp',
        'Nomor HP tidak valid. Gunakan nomor seluler Indonesia (08…, 62… atau +62…).',
      ],
      ['no_hp too short', { no_hp: '0812345' }, 'no_hp', 'Nomor HP tidak valid. Gunakan nomor seluler Indonesia (08…, 62… atau +62…).'],
      ['no_hp foreign', { no_hp: '+6581234567' }, 'no_hp', 'Nomor HP tidak valid. Gunakan nomor seluler Indonesia (08…, 62… atau +62…).'],
      ['email missing', { email: '  ' }, 'email', required],
      ['email without domain', { email: 'siti@' }, 'email', 'Format email tidak valid'],
      ['email without @', { email: 'siti.example.com' }, 'email', 'Format email tidak valid'],
      ['alamat_pemilik missing', { alamat_pemilik: undefined }, 'alamat_pemilik', required],
      ['nama_bank missing', { nama_bank: undefined }, 'nama_bank', bank],
      ['nama_bank unknown', { nama_bank: 'Bank Antah' }, 'nama_bank', bank],
      ['no_rekening missing', { no_rekening: '' }, 'no_rekening', bank],
      ['no_rekening with letters', { no_rekening: '12345ABC' }, 'no_rekening', 'Nomor rekening harus berupa 5-20 digit angka'],
      ['no_rekening 4 digits', { no_rekening: '1234' }, 'no_rekening', 'Nomor rekening harus berupa 5-20 digit angka'],
      ['no_rekening 21 digits', { no_rekening: '1'.repeat(21) }, 'no_rekening', 'Nomor rekening harus berupa 5-20 digit angka'],
      ['email over 254 characters', { email: `${'a'.repeat(64)}@${'b'.repeat(186)}.com` }, 'email', 'Format email tidak valid'],
      ['nama_rekening missing', { nama_rekening: ' ' }, 'nama_rekening', bank],
      ['consent missing', { consent: undefined }, 'consent', 'Anda harus menyetujui pemrosesan data pribadi untuk melanjutkan'],
      ['consent false', { consent: false }, 'consent', 'Anda harus menyetujui pemrosesan data pribadi untuk melanjutkan'],
      ['documents missing', { documents: undefined }, 'documents', 'Harap upload semua dokumen yang wajib'],
    ];

    it.each(cases)('%s', async (_name, overrides, field, message) => {
      const response = await postRegistration(app, registrationBody(shared, overrides));
      expectRefusal(response, 400, { code: 'VALIDATION_ERROR', message, field });
    });

    it.each([
      ['foto_ktp', 'Harap upload semua dokumen yang wajib'],
      ['foto_selfie_ktp', 'Harap upload semua dokumen yang wajib'],
      ['foto_kk', 'Harap upload semua dokumen yang wajib'],
      ['foto_usaha', 'Harap lengkapi semua field yang wajib diisi'],
      ['foto_produk', 'Harap lengkapi semua field yang wajib diisi'],
    ])('required document %s missing', async (slot, message) => {
      const response = await postRegistration(app, registrationBody({ ...shared, [slot]: undefined }));
      expectRefusal(response, 400, { code: 'VALIDATION_ERROR', message, field: `documents.${slot}` });
    });

    it('refuses unknown fields, wrong types and broken JSON without an English text', async () => {
      for (const overrides of [{ status: 'verified' }, { omset_per_bulan: '15000000' }, { tempat_usaha: 'Kontrak' }]) {
        const response = await postRegistration(app, registrationBody(shared, overrides));
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_ERROR');
        expect(response.json().error.message).not.toMatch(/Invalid|Expected|Unrecognized/);
      }
      const broken = await app.inject({
        method: 'POST',
        url: '/api/registrations',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        payload: '{"nama_toko":',
      });
      expectRefusal(broken, 400, { code: 'INVALID_JSON', message: 'Format JSON tidak valid' });
    });

    it('answers odd bodies with 4xx, never 500', async () => {
      const bodies: unknown[] = [
        [],
        'teks',
        42,
        registrationBody({ ...shared, foto_ktp: 'bukan-uuid' }),
        registrationBody(shared, { documents: { ...shared, foto_ktp: 123 } }),
        registrationBody(shared, { documents: { ...shared, foto_lain: shared.foto_ktp } }),
        registrationBody(shared, { documents: 'semua' }),
        registrationBody(shared, { nama_toko: 'x'.repeat(5000) }),
        registrationBody(shared, { omset_per_bulan: 1e300 }),
        registrationBody(shared, { nik: 3174015503900001 }),
      ];
      for (const body of bodies) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/registrations',
          headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          payload: JSON.stringify(body),
        });
        expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_ERROR');
      }
      const huge = await app.inject({
        method: 'POST',
        url: '/api/registrations',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        payload: JSON.stringify(registrationBody(shared, { alamat_pemilik: 'x'.repeat(2 * 1024 * 1024) })),
      });
      expect(huge.statusCode).toBe(413);
    });

    it('wrote no merchant and claimed none of the uploads', async () => {
      expect(await merchantCount()).toBeGreaterThan(0);
      const before = await merchantCount();
      await postRegistration(app, registrationBody(shared, { nik: '1' }));
      expect(await merchantCount()).toBe(before);
      expect(await sharedStillStaged()).toBe(true);
    });
  });

  describe('field rules, accepted and normalised', () => {
    it.each([
      ['081234567890', '+6281234567890'],
      ['6281234567890', '+6281234567890'],
      ['+62 812-3456-7890', '+6281234567890'],
      ['(0812) 3456 789', '+628123456789'],
      ['08123456789012', null],
    ])('no_hp %s', async (typed, stored) => {
      if (stored === null) {
        const response = await postRegistration(app, registrationBody(shared, { no_hp: typed }));
        expect(response.statusCode).toBe(400);
        return;
      }
      const registered = await registerMerchant(app, { no_hp: typed });
      const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, registered.id));
      expect(row!.noHp).toBe(stored);
    });

    it('NIK with separators, a woman’s day + 40, and 29 February; e-mail trimmed and lower-cased; edge lengths', async () => {
      const registered = await registerMerchant(app, {
        nik: '31.74.01-690200-0001',
        email: '  Budi.SANTOSO@Mail.Co.ID',
        kode_pos: '123',
        alamat_jalan: 'Jl. Mawar1',
        kecamatan: 'Abc',
        omset_per_bulan: 0,
        nama_bank: 'CIMB Niaga',
        no_rekening: '123-45',
        kategori_usaha: 'Toko Kelontong Modern',
      });
      const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, registered.id));
      expect(clearIdentity(row!)).toMatchObject({
        nik: '3174016902000001',
        email: 'budi.santoso@mail.co.id',
        kodePos: '123',
        omsetPerBulan: 0,
        namaBank: 'CIMB Niaga',
        noRekening: '12345',
        kategoriUsaha: 'Toko Kelontong Modern',
      });
      const sixDigits = await registerMerchant(app, { kode_pos: '123456', nik: '3174012902000001' });
      expect(sixDigits.kode_pendaftaran).toMatch(REGISTRATION_CODE_PATTERN);
      // The other edges: 20-digit account, Hak Milik, a 100-character category.
      const edges = await registerMerchant(app, {
        no_rekening: '1'.repeat(20),
        tempat_usaha: 'Hak Milik',
        kategori_usaha: 'K'.repeat(100),
      });
      const [edgeRow] = await t.database.db.select().from(merchants).where(eq(merchants.id, edges.id));
      expect(clearIdentity(edgeRow!)).toMatchObject({
        noRekening: '1'.repeat(20),
        tempatUsaha: 'Hak Milik',
        kategoriUsaha: 'K'.repeat(100),
      });
    });
  });

  describe('documents', () => {
    it('refuses an unknown upload id with 400', async () => {
      const response = await postRegistration(app, registrationBody({ ...shared, foto_kk: randomUUID() }));
      expectRefusal(response, 400, {
        code: 'UPLOAD_NOT_FOUND',
        message: 'Dokumen Kartu Keluarga tidak ditemukan atau sudah kedaluwarsa. Silakan upload ulang.',
        field: 'documents.foto_kk',
      });
      expect(await sharedStillStaged()).toBe(true);
    });

    it('refuses an upload given under another slot, and one id used for two slots', async () => {
      const swapped = await postRegistration(app, registrationBody({ ...shared, foto_ktp: shared.foto_kk, foto_kk: shared.foto_ktp }));
      expectRefusal(swapped, 400, {
        code: 'UPLOAD_WRONG_SLOT',
        message: 'File yang dikirim bukan dokumen KTP. Silakan upload ulang.',
        field: 'documents.foto_ktp',
      });
      const twice = await postRegistration(app, registrationBody({ ...shared, npwp_file: shared.foto_ktp }));
      expect(twice.statusCode).toBe(400);
      expect(twice.json().error).toMatchObject({ code: 'UPLOAD_WRONG_SLOT', field: 'documents.npwp_file' });
      expect(await sharedStillStaged()).toBe(true);
    });

    it('refuses an upload another registration already claimed with 409, claiming nothing', async () => {
      const first = await registerMerchant(app);
      const before = await merchantCount();
      const fresh = await stageRequiredDocuments(app);
      const used = (first.body.documents as RegistrationDocumentIds).foto_selfie_ktp;
      const response = await postRegistration(app, registrationBody({ ...fresh, foto_selfie_ktp: used }));
      expectRefusal(response, 409, {
        code: 'UPLOAD_ALREADY_USED',
        message: 'Dokumen Selfie KTP sudah dipakai pada pendaftaran lain. Silakan upload ulang.',
        field: 'documents.foto_selfie_ktp',
      });
      expect(await merchantCount()).toBe(before);
      const freshRows = await t.database.db
        .select()
        .from(uploads)
        .where(inArray(uploads.id, Object.values(fresh) as string[]));
      expect(freshRows.every((u) => u.claimedBy === null)).toBe(true);
    });

    it('lets exactly one of two racing registrations claim a shared upload; the loser writes nothing', async () => {
      const before = await merchantCount();
      const a = await stageRequiredDocuments(app);
      const b = await stageRequiredDocuments(app);
      const [ra, rb] = await Promise.all([
        postRegistration(app, registrationBody(a)),
        postRegistration(app, registrationBody({ ...b, foto_ktp: a.foto_ktp })),
      ]);
      expect([ra.statusCode, rb.statusCode].sort()).toEqual([201, 409]);
      expect(await merchantCount()).toBe(before + 1);
      const loser = ra.statusCode === 409 ? a : b;
      const loserOwn = Object.entries(loser)
        .filter(([slot]) => slot !== 'foto_ktp')
        .map(([, id]) => id as string);
      const rows = await t.database.db.select().from(uploads).where(inArray(uploads.id, loserOwn));
      expect(rows.every((u) => u.claimedBy === null)).toBe(true);
    });
  });

  describe('Idempotency-Key', () => {
    it('is required and must have a safe shape', async () => {
      for (const key of [null, '', 'short', 'has spaces in it', 'x'.repeat(201), 'ümlaut-key-123']) {
        const response = await postRegistration(app, registrationBody(shared), key);
        expectRefusal(response, 400, {
          code: 'IDEMPOTENCY_KEY_INVALID',
          message: 'Permintaan tidak valid: header Idempotency-Key harus berisi 8-200 huruf, angka, _ atau -',
        });
      }
      expect(await sharedStillStaged()).toBe(true);
    });

    it('answers the same key again with the same registration (200), a fresh receipt token, and one row', async () => {
      const documents = await stageRequiredDocuments(app);
      const key = `wizard_${randomUUID()}`;
      const first = await postRegistration(app, registrationBody(documents), key);
      expect(first.statusCode).toBe(201);
      const again = await postRegistration(app, registrationBody(documents), key);
      expect(again.statusCode).toBe(200);
      const [a, b] = [first.json(), again.json()];
      expect({ ...b, receipt_token: undefined }).toEqual({ ...a, receipt_token: undefined });
      expect(b.receipt_token).not.toBe(a.receipt_token);

      const rows = await t.database.db.select().from(merchants).where(eq(merchants.idempotencyKey, key));
      expect(rows).toHaveLength(1);
      // The newest answer holds the valid token.
      expect(rows[0]!.receiptTokenHash).toBe(hashToken(b.receipt_token));
    });

    it('gives one row for concurrent duplicates', async () => {
      const documents = await stageRequiredDocuments(app);
      const key = randomUUID();
      const responses = await Promise.all(Array.from({ length: 5 }, () => postRegistration(app, registrationBody(documents), key)));
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 201]);
      expect(new Set(responses.map((r) => r.json().kode_pendaftaran)).size).toBe(1);
      expect(await t.database.db.select().from(merchants).where(eq(merchants.idempotencyKey, key))).toHaveLength(1);
    });

    it('refuses a reused key with other documents, or once an admin has handled the registration (409)', async () => {
      const registered = await registerMerchant(app);
      const other = await postRegistration(app, registrationBody(shared), registered.idempotencyKey);
      expectRefusal(other, 409, {
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: 'Pendaftaran ini sudah pernah dikirim. Cek status pendaftaran Anda atau buat pendaftaran baru.',
      });
      expect(await sharedStillStaged()).toBe(true);

      await t.database.db.update(merchants).set({ status: 'verified' }).where(eq(merchants.id, registered.id));
      const handled = await postRegistration(app, registered.body, registered.idempotencyKey);
      expect(handled.statusCode).toBe(409);
      expect(handled.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await t.database.db.select().from(merchants).where(eq(merchants.idempotencyKey, registered.idempotencyKey))).toHaveLength(1);
    });
  });
});
