import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAppPerSuite, signIn, type SignedIn } from '../../../tests/support/admin-session.js';
import { ADMIN_CREATE_BODY, createMerchantAsAdmin } from '../../../tests/support/merchant-fixtures.js';
import { twoInstances } from '../../../tests/support/two-instances.js';
import { identityTermKinds } from '../../domain/identity-search.js';
import { auditLogs } from '../db/schema.js';

const LIMITED = 'Terlalu banyak pencarian NIK atau nomor rekening. Coba lagi dalam 1 jam.';
const NIK = ADMIN_CREATE_BODY.nik;
const ACCOUNT = ADMIN_CREATE_BODY.no_rekening;

describe('identityTermKinds', () => {
  it('names a whole NIK and an account-number shape, separators allowed', () => {
    expect(identityTermKinds('3171 0117 0890 0001')).toEqual({ nik: true, no_rekening: true });
    expect(identityTermKinds('123-456-7890')).toEqual({ nik: false, no_rekening: true });
    expect(identityTermKinds('1234')).toEqual({ nik: false, no_rekening: false });
    expect(identityTermKinds('Toko 12345')).toEqual({ nik: false, no_rekening: false });
    expect(identityTermKinds('+6281234567890')).toEqual({ nik: false, no_rekening: false });
  });

  it('takes a mobile number, however typed, and a postcode for ordinary searches', () => {
    for (const phone of ['081234567890', '0812-3456-7890', '0812 3456 789', '6281234567890', '0813-1111', '0812345678901']) {
      expect(identityTermKinds(phone), phone).toEqual({ nik: false, no_rekening: false });
    }
    for (const short of ['12810', '101100', '123']) expect(identityTermKinds(short), short).toEqual({ nik: false, no_rekening: false });
    // An account number of a bank's usual length still counts, and so does a NIK whatever digits it starts with.
    expect(identityTermKinds('1234567')).toEqual({ nik: false, no_rekening: true });
    expect(identityTermKinds('0081234567')).toEqual({ nik: false, no_rekening: true });
    expect(identityTermKinds('0812345678901234')).toEqual({ nik: true, no_rekening: true });
  });
});

describe('admin list search through the NIK or account-number hash', () => {
  const { t, admin } = signedInAppPerSuite({ env: { IDENTITY_SEARCH_LIMIT_PER_HOUR: '4' } });
  let other: SignedIn;
  let merchantId: string;

  beforeAll(async () => {
    other = await signIn(t.app, { email: 'admin2@aipos.test' });
    const created = await createMerchantAsAdmin(t.app, admin.cookie, { ...ADMIN_CREATE_BODY, nama_toko: 'Toko Identitas' });
    merchantId = created.json().id;
  });

  /** POST /api/admin/merchants/search: the list's search as the admin screen sends it, the term in the body. */
  const search = (payload: object, who = admin) =>
    t.app.inject({ method: 'POST', url: '/api/admin/merchants/search', headers: { cookie: who.cookie }, payload });
  const searches = async () =>
    (await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'identity_search'))).map((row) => ({
      actor: row.actorId,
      diff: row.diff,
    }));

  it('audits each identity search with the actor, the fields and the matches, never the number; a name search writes nothing', async () => {
    const byName = await t.app.inject({ method: 'GET', url: '/api/admin/merchants?q=Identitas', headers: { cookie: admin.cookie } });
    expect(byName.json().items.map((m: { id: string }) => m.id)).toEqual([merchantId]);
    expect(await searches()).toEqual([]);

    // The NIK through the POST body: what the admin screen sends, so the number is in no URL.
    const byNik = await search({ q: NIK, status: 'all', page: 1, page_size: 25 });
    expect(byNik.statusCode, byNik.body).toBe(200);
    expect(byNik.json()).toMatchObject({ total: 1, page: 1, page_size: 25 });
    expect(byNik.json().items.map((m: { id: string }) => m.id)).toEqual([merchantId]);

    const byAccount = await search({ q: ACCOUNT });
    expect(byAccount.json().items.map((m: { id: string }) => m.id)).toEqual([merchantId]);

    expect(await searches()).toEqual([
      { actor: admin.userId, diff: { fields: ['nik', 'no_rekening'], matched: { nik: 1, no_rekening: 0 } } },
      { actor: admin.userId, diff: { fields: ['no_rekening'], matched: { no_rekening: 1 } } },
    ]);
    const rows = JSON.stringify(await t.database.db.select().from(auditLogs));
    expect(rows).not.toContain(NIK);
    expect(rows).not.toContain(ACCOUNT);
  });

  it('exports through a POST body for an identity term: audited, counted, the number kept out of the export row', async () => {
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/admin/merchants/export',
      headers: { cookie: admin.cookie },
      payload: { q: NIK, status: 'all' },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain('Toko Identitas');
    // The export row is written when the stream ends.
    await expect
      .poll(async () => (await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'export'))).map((row) => row.diff))
      .toEqual([{ filter: { q: '[NIK/nomor rekening]', status: 'all' }, rows: 1 }]);
    expect((await searches()).length).toBe(3);
  });

  it('answers 429 past the limit per admin, with the Indonesian message; another admin still searches', async () => {
    // Three counted so far (two searches and the export); the limit is 4.
    const fourth = await search({ q: '9990001234' });
    expect(fourth.statusCode).toBe(200);
    for (const request of [
      { method: 'POST' as const, url: '/api/admin/merchants/search', payload: { q: NIK } },
      { method: 'POST' as const, url: '/api/admin/merchants/search', payload: { q: ACCOUNT } },
      { method: 'POST' as const, url: '/api/admin/merchants/export', payload: { q: ACCOUNT, status: 'all' } },
    ]) {
      const refused = await t.app.inject({ ...request, headers: { cookie: admin.cookie } });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: { code: 'IDENTITY_SEARCH_LIMITED', message: LIMITED } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    }
    // A search by name is no identity search: never limited by it.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/merchants?q=Identitas', headers: { cookie: admin.cookie } })).statusCode,
    ).toBe(200);
    // Nor is a search by phone or postcode, typed the way admins type them.
    for (const q of ['0812-3456-7890', '081234567890', '12810']) {
      const ordinary = await t.app.inject({
        method: 'GET',
        url: `/api/admin/merchants?q=${encodeURIComponent(q)}`,
        headers: { cookie: admin.cookie },
      });
      expect(ordinary.statusCode, q).toBe(200);
    }
    const byPhone = await search({ q: '0812-3456-7890' });
    expect(byPhone.json().items.map((m: { id: string }) => m.id)).toEqual([merchantId]);
    const byOther = await search({ q: NIK }, other);
    expect(byOther.statusCode).toBe(200);
    // Refused searches write no row: 4 by the first admin, 1 by the other.
    const rows = await searches();
    expect(rows.filter((row) => row.actor === admin.userId)).toHaveLength(4);
    expect(rows.filter((row) => row.actor === other.userId)).toHaveLength(1);
  });

  it('refuses a NIK or an account number in the URL of the list or the export with 400, before any lookup', async () => {
    const before = (await searches()).length;
    for (const url of [
      `/api/admin/merchants?q=${NIK}`,
      '/api/admin/merchants?q=3171%200117%200890%200001',
      `/api/admin/merchants?q=${ACCOUNT}`,
      `/api/admin/merchants/export?q=${NIK}`,
    ]) {
      const refused = await t.app.inject({ method: 'GET', url, headers: { cookie: other.cookie } });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json(), url).toEqual({
        error: {
          code: 'IDENTITY_TERM_IN_URL',
          message: 'NIK atau nomor rekening tidak boleh dicari lewat alamat URL. Gunakan kolom pencarian di daftar merchant.',
          field: 'q',
        },
      });
    }
    expect((await searches()).length).toBe(before);
  });

  it('takes the same query in the POST body as in the URL, refusing unknown fields', async () => {
    const unknown = await search({ q: 'Toko', is_deleted: true }, other);
    expect(unknown.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/merchants/search', payload: { q: NIK } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the identity search limit across instances', () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    instances = await twoInstances({ IDENTITY_SEARCH_LIMIT_PER_HOUR: '2' });
  });
  afterAll(async () => {
    await instances.close();
  });

  it('counts one admin’s searches on both instances together', async () => {
    const [one, two] = instances.apps as [NonNullable<(typeof instances.apps)[0]>, NonNullable<(typeof instances.apps)[1]>];
    const admin = await signIn(one);
    const search = (app: typeof one) =>
      app.inject({ method: 'POST', url: '/api/admin/merchants/search', headers: { cookie: admin.cookie }, payload: { q: NIK } });
    expect((await search(one)).statusCode).toBe(200);
    expect((await search(two)).statusCode).toBe(200);
    expect((await search(one)).statusCode).toBe(429);
    expect((await search(two)).statusCode).toBe(429);
  });
});
