import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../tests/support/admin-session.js';
import { buildTestApp, testAppPerSuite, type TestApp } from '../../../tests/support/build-test-app.js';
import { clearIdentity } from '../../../tests/support/clear-identity.js';
import { fixLinkFromOutbox, requestFix } from '../../../tests/support/fix-link.js';
import {
  GENEROUS_LIMITS,
  makeJpeg,
  registerMerchant,
  stageDocument,
  type RegisteredMerchant,
} from '../../../tests/support/registration-fixtures.js';
import { nikHash } from '../crypto/identity-fields.js';
import { fixRequests, merchants, outboxMessages, uploads } from '../db/schema.js';

const BASE = 'https://merchant.aipos.test';
const INVALID = { error: { code: 'FIX_LINK_INVALID', message: 'Tautan perbaikan tidak valid atau sudah kedaluwarsa' } };
const DAY = 24 * 60 * 60 * 1000;

describe('fix requests: POST .../status with perbaikan, GET and POST /api/perbaikan/<token>', () => {
  let t: TestApp;
  let cookie: string;
  let clock = Date.now();

  beforeAll(async () => {
    t = await buildTestApp({ env: { ...GENEROUS_LIMITS, PUBLIC_BASE_URL: BASE }, now: () => new Date(clock) });
    ({ cookie } = await signIn(t.app));
  });
  afterAll(async () => {
    await t.close();
  });

  const setStatus = (id: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/merchants/${id}/status`, headers: { cookie }, payload });
  const view = (token: string) => t.app.inject({ method: 'GET', url: `/api/perbaikan/${token}` });
  const submit = (token: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/perbaikan/${token}`, payload });
  const rowOf = async (id: string) => (await t.database.db.select().from(merchants).where(eq(merchants.id, id)))[0]!;

  const KTP_AND_PHONE = [
    { field: 'foto_ktp', alasan: 'Foto buram' },
    { field: 'no_hp', alasan: 'Nomor tidak aktif' },
  ];
  /** The document, the phone and the NIK: a field of each kind (a document, plain, encrypted). */
  const THREE_KINDS = [...KTP_AND_PHONE, { field: 'nik', alasan: 'Tidak sesuai KTP' }];

  async function flagged(merchant: RegisteredMerchant, perbaikan: object[] = KTP_AND_PHONE) {
    const response = await setStatus(merchant.id, { status: 'data_tidak_lengkap', catatan_admin: 'Mohon perbaiki', perbaikan });
    expect(response.statusCode).toBe(200);
    return (await fixLinkFromOutbox(t.database.db, merchant.id)).token;
  }

  it('makes one link of 256 random bits for a fix request, mailed to the applicant only; only its hash is stored', async () => {
    const merchant = await registerMerchant(t.app);
    const response = await setStatus(merchant.id, {
      status: 'data_tidak_lengkap',
      catatan_admin: 'Mohon perbaiki',
      perbaikan: [{ field: 'foto_ktp', alasan: 'Foto buram' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'data_tidak_lengkap', catatan_admin: 'Mohon perbaiki' });
    // The admin's answer never carries the link (a bearer secret): the status mail does.
    expect(response.json()).not.toHaveProperty('fix_link');
    const { link, token } = await fixLinkFromOutbox(t.database.db, merchant.id);
    expect(response.body).not.toContain(token);
    expect(link).toMatch(new RegExp(`^${BASE}/perbaikan/[A-Za-z0-9_-]{43}$`));
    const [stored] = await t.database.db.select().from(fixRequests).where(eq(fixRequests.merchantId, merchant.id));
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(14 * DAY);
    // Rejected without a list: no link.
    const rejected = await setStatus(merchant.id, { status: 'rejected', kode_alasan: ['data_ganda'] });
    expect(rejected.statusCode).toBe(200);
    expect(await t.database.db.select().from(fixRequests).where(eq(fixRequests.merchantId, merchant.id))).toHaveLength(1);
  });

  it('GET answers the store, code, note, the flagged items and only their values (NIK masked)', async () => {
    const merchant = await registerMerchant(t.app, { nama_toko: 'Toko Perbaikan' });
    const token = await flagged(merchant, THREE_KINDS);
    const response = await view(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      kode_pendaftaran: merchant.kode_pendaftaran,
      nama_toko: 'Toko Perbaikan',
      catatan_admin: 'Mohon perbaiki',
      perbaikan: [
        { field: 'foto_ktp', alasan: 'Foto buram' },
        { field: 'no_hp', alasan: 'Nomor tidak aktif' },
        { field: 'nik', alasan: 'Tidak sesuai KTP' },
      ],
      values: { no_hp: '+6281234567890', nik: '************0001' },
    });
  });

  it("the status page lists the reasons with labels, never values; a code alone never reads the admin's own words", async () => {
    const merchant = await registerMerchant(t.app);
    await flagged(merchant);
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/status/lookup',
      payload: { kode_pendaftaran: merchant.kode_pendaftaran, receipt_token: merchant.receipt_token },
    });
    expect(owner.json()).toMatchObject({
      status: 'data_tidak_lengkap',
      perbaikan: [
        { field: 'foto_ktp', label: 'Dokumen KTP', alasan: 'Foto buram' },
        { field: 'no_hp', label: 'Nomor HP', alasan: 'Nomor tidak aktif' },
      ],
    });
    const codeOnly = await t.app.inject({
      method: 'POST',
      url: '/api/status/lookup',
      payload: { kode_pendaftaran: merchant.kode_pendaftaran },
    });
    const neutral = 'Alasan lengkap ada di e-mail yang kami kirim ke alamat pendaftar.';
    expect(codeOnly.json()).toMatchObject({
      status: 'data_tidak_lengkap',
      perbaikan: [
        { field: 'foto_ktp', label: 'Dokumen KTP', alasan: neutral },
        { field: 'no_hp', label: 'Nomor HP', alasan: neutral },
      ],
    });
  });

  it('a resubmission replaces the flagged field and document in one go, back to processing, audited and receipted; the link is then used up', async () => {
    const merchant = await registerMerchant(t.app, { nama_toko: 'Toko Kirim Ulang' });
    const token = await flagged(merchant, THREE_KINDS);
    const before = await rowOf(merchant.id);
    const newKtp = await stageDocument(t.app, 'foto_ktp', await makeJpeg({ color: '#27ae60' }));
    const response = await submit(token, { fields: { no_hp: '0813-9999-8888', nik: '3174015503900002' }, documents: { foto_ktp: newKtp } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ kode_pendaftaran: merchant.kode_pendaftaran, status: 'processing' });

    const after = await rowOf(merchant.id);
    expect(clearIdentity(after)).toMatchObject({
      status: 'processing',
      noHp: '+6281399998888',
      nik: '3174015503900002',
      nikHash: nikHash('3174015503900002'),
      namaToko: 'Toko Kirim Ulang',
    });
    const [upload] = await t.database.db.select().from(uploads).where(eq(uploads.id, newKtp));
    expect(after.fotoKtp).toBe(upload!.storageKey);
    expect(upload!.claimedBy).toBe(merchant.id);
    // The replaced photo stays stored, remembered by the used request.
    expect(await t.storage.exists(before.fotoKtp!)).toBe(true);
    const [request] = await t.database.db.select().from(fixRequests).where(eq(fixRequests.merchantId, merchant.id));
    expect(request!.usedAt).not.toBeNull();
    expect(request!.replacedDocuments).toEqual({ foto_ktp: before.fotoKtp });

    const audit = await t.app.inject({ method: 'GET', url: `/api/admin/merchants/${merchant.id}/audit`, headers: { cookie } });
    const entry = audit.json().items.find((e: { action: string }) => e.action === 'resubmission');
    expect(entry).toMatchObject({
      actor_id: null,
      diff: {
        from: 'data_tidak_lengkap',
        to: 'processing',
        old: { no_hp: '+62812****890', nik: '************0001' },
        new: { no_hp: '+62813****888', nik: '************0002' },
        documents: ['foto_ktp'],
        perbaikan: [
          { field: 'foto_ktp', alasan: 'Foto buram' },
          { field: 'no_hp', alasan: 'Nomor tidak aktif' },
          { field: 'nik', alasan: 'Tidak sesuai KTP' },
        ],
      },
    });
    expect(JSON.stringify(entry)).not.toContain('3174015503900002');
    const mails = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.merchantId, merchant.id));
    // The phone changed through the link: the registration's address is told (perbaikan-link-secrecy.test.ts).
    expect(mails.map((m) => m.kind).sort()).toEqual(['data_change_notice', 'receipt', 'resubmission_receipt', 'status']);
    expect(mails.find((m) => m.kind === 'resubmission_receipt')!.subject).toBe(
      `Perbaikan data pendaftaran diterima: ${merchant.kode_pendaftaran}`,
    );

    expect((await view(token)).json()).toEqual(INVALID);
    expect((await view(token)).statusCode).toBe(404);
    expect(
      (await submit(token, { fields: { no_hp: '0813-1111-2222', nik: '3174015503900002' }, documents: { foto_ktp: newKtp } })).statusCode,
    ).toBe(404);
  });

  it('an expired link, an unknown one and one replaced by a newer request are 404 with the same message', async () => {
    const merchant = await registerMerchant(t.app);
    const first = await flagged(merchant);
    const second = await flagged(merchant, [{ field: 'email', alasan: 'Email salah' }]);
    expect(await view(first)).toMatchObject({ statusCode: 404 });
    expect((await view(first)).json()).toEqual(INVALID);
    expect((await view('tidak-ada-tautan-seperti-ini-sama-sekali')).json()).toEqual(INVALID);
    expect((await view(second)).statusCode).toBe(200);
    clock += 14 * DAY + 1000;
    try {
      expect((await view(second)).json()).toEqual(INVALID);
      expect((await submit(second, { fields: { email: 'baru@contoh.co.id' } })).statusCode).toBe(404);
    } finally {
      clock = Date.now();
    }
  });

  describe('bad input: 4xx with an Indonesian message and nothing changed', () => {
    it('the admin checklist: unknown field, none for data_tidak_lengkap, twice the same, a list for verified', async () => {
      const merchant = await registerMerchant(t.app);
      const cases: [object, string][] = [
        [
          { status: 'data_tidak_lengkap', perbaikan: [{ field: 'golongan_darah', alasan: 'x' }] },
          'Data "golongan_darah" tidak dikenal dan tidak dapat diminta untuk diperbaiki',
        ],
        [{ status: 'data_tidak_lengkap' }, 'Pilih minimal satu data yang perlu diperbaiki'],
        [{ status: 'data_tidak_lengkap', perbaikan: [] }, 'Pilih minimal satu data yang perlu diperbaiki'],
        [
          {
            status: 'data_tidak_lengkap',
            perbaikan: [
              { field: 'no_hp', alasan: 'a' },
              { field: 'no_hp', alasan: 'b' },
            ],
          },
          'Nomor HP dipilih lebih dari satu kali',
        ],
        [
          { status: 'data_tidak_lengkap', perbaikan: [{ field: 'no_hp', alasan: '  ' }] },
          'Isi alasan perbaikan untuk setiap data yang dipilih',
        ],
        [
          { status: 'verified', perbaikan: [{ field: 'no_hp', alasan: 'a' }] },
          'Daftar perbaikan hanya untuk status Data Tidak Lengkap atau Ditolak',
        ],
      ];
      for (const [payload, message] of cases) {
        const response = await setStatus(merchant.id, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().error.message).toBe(message);
      }
      expect((await rowOf(merchant.id)).status).toBe('processing');
      expect(await t.database.db.select().from(fixRequests).where(eq(fixRequests.merchantId, merchant.id))).toEqual([]);
    });

    it('the resubmission: unflagged or unknown field or slot, missing flagged one, wizard rules, wrong or claimed upload, body too large', async () => {
      const merchant = await registerMerchant(t.app);
      const token = await flagged(merchant);
      const before = await rowOf(merchant.id);
      const ktp = await stageDocument(t.app, 'foto_ktp');
      const selfie = await stageDocument(t.app, 'foto_selfie_ktp');
      const other = await registerMerchant(t.app);
      const cases: [object, number, string][] = [
        [
          { fields: { no_hp: '081399998888', email: 'lain@contoh.co.id' }, documents: { foto_ktp: ktp } },
          400,
          'Email tidak diminta untuk diperbaiki',
        ],
        [
          { fields: { no_hp: '081399998888' }, documents: { foto_ktp: ktp, foto_kk: selfie } },
          400,
          'Dokumen Kartu Keluarga tidak diminta untuk diperbaiki',
        ],
        [{ fields: { no_hp: '081399998888', golongan_darah: 'O' }, documents: { foto_ktp: ktp } }, 400, ''],
        [{ fields: {}, documents: { foto_ktp: ktp } }, 400, 'Nomor HP wajib diisi ulang'],
        [{ fields: { no_hp: '081399998888' } }, 400, 'Dokumen KTP wajib diupload ulang'],
        [
          { fields: { no_hp: '12345' }, documents: { foto_ktp: ktp } },
          400,
          'Nomor HP tidak valid. Gunakan nomor seluler Indonesia (08…, 62… atau +62…).',
        ],
        [
          { fields: { no_hp: '081399998888' }, documents: { foto_ktp: selfie } },
          400,
          'File yang dikirim bukan dokumen KTP. Silakan upload ulang.',
        ],
        [
          {
            fields: { no_hp: '081399998888' },
            documents: { foto_ktp: other.body.documents && (other.body.documents as Record<string, string>).foto_ktp },
          },
          409,
          'Dokumen KTP sudah dipakai pada pendaftaran lain. Silakan upload ulang.',
        ],
        [
          { fields: { no_hp: '081399998888' }, documents: { foto_ktp: '00000000-0000-4000-8000-000000000000' } },
          400,
          'Dokumen KTP tidak ditemukan atau sudah kedaluwarsa. Silakan upload ulang.',
        ],
        [{ fields: { no_hp: 'x'.repeat(1_100_000) }, documents: { foto_ktp: ktp } }, 413, 'Ukuran permintaan terlalu besar'],
      ];
      for (const [payload, status, message] of cases) {
        const response = await submit(token, payload);
        expect(response.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(status);
        if (message) expect(response.json().error.message).toBe(message);
        else expect(response.json().error.message).toMatch(/\S/);
      }
      const after = await rowOf(merchant.id);
      expect(after).toEqual(before);
      expect((await view(token)).statusCode).toBe(200);
      const [upload] = await t.database.db.select().from(uploads).where(eq(uploads.id, ktp));
      expect(upload!.claimedBy).toBeNull();
    });
  });
});

/**
 * The lock order of a resubmission against a status change, on PostgreSQL (PGlite runs one transaction
 * at a time, so it never deadlocks). The status change is played by a connection of the test's own doing
 * what changeMerchantStatus does, step by step: lock the merchant row, then supersede its fix requests.
 */
describe('a resubmission while an admin changes the status (PostgreSQL)', () => {
  const t = testAppPerSuite({ postgres: true, env: { ...GENEROUS_LIMITS, PUBLIC_BASE_URL: BASE } });

  it('waits for the merchant row instead of deadlocking, then finds its link superseded (404, not 500)', async () => {
    const { cookie } = await signIn(t.app);
    const merchant = await registerMerchant(t.app);
    const flagged = await requestFix(t.app, cookie, merchant.id, [{ field: 'nama_toko', alasan: 'Nama tidak sesuai papan nama' }]);
    expect(flagged.statusCode).toBe(200);
    const { token } = await fixLinkFromOutbox(t.database.db, merchant.id);

    const admin = new pg.Client({ connectionString: t.databaseUrl! });
    await admin.connect();
    try {
      await admin.query('begin');
      await admin.query('select id from merchants where id = $1 for update', [merchant.id]);
      const resubmission = t.app.inject({
        method: 'POST',
        url: `/api/perbaikan/${token}`,
        payload: { fields: { nama_toko: 'Toko Nama Baru' } },
      });
      // The resubmission is now waiting for a lock (the merchant row, with the fix: it holds nothing yet).
      await expect
        .poll(
          async () =>
            (
              await admin.query(
                `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
              )
            ).rows[0].n,
          {
            timeout: 10_000,
          },
        )
        .toBe(1);
      // Locked the other way round, this waits for the resubmission, which waits for this: a deadlock.
      await admin.query(
        'update fix_requests set superseded_at = now() where merchant_id = $1 and used_at is null and superseded_at is null',
        [merchant.id],
      );
      await admin.query('commit');

      const answer = await resubmission;
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json()).toEqual(INVALID);
      const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, merchant.id));
      expect(row).toMatchObject({ namaToko: 'Warung Sejahtera', status: 'data_tidak_lengkap' });
    } finally {
      await admin.query('rollback').catch(() => {});
      await admin.end();
    }
  });
});
