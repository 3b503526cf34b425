import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../tests/support/admin-session.js';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { ADMIN_CREATE_BODY } from '../../../tests/support/merchant-fixtures.js';
import { MERCHANT_MESSAGES } from '../../domain/merchants.js';
import type { MerchantStatus } from '../../domain/vocabularies.js';
import { seal } from '../crypto/sealed.js';
import { auditLogs, merchants, type NewMerchantRow } from '../db/schema.js';
import { createRandom, fakeMerchant } from '../seed/fake-merchants.js';

// Wednesday 25 November 2026, 10:00 WIB.
const NOW = new Date('2026-11-25T03:00:00Z');
const wib = (day: string, time = '10:00') => new Date(`${day}T${time}:00+07:00`);

describe('GET /api/admin/merchants/{id}/duplicates and the list flag', () => {
  let cookie: string;
  const t = testAppPerSuite({ now: () => NOW }, async (app) => {
    ({ cookie } = await signIn(app.app));
  });
  const create = async (overrides: Record<string, string>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/merchants',
      headers: { cookie },
      payload: { ...ADMIN_CREATE_BODY, ...overrides },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; kode_pendaftaran: string };
  };
  // Every key different from the first merchant's, so each other shares exactly the key it names.
  const distinct = (n: number) => ({
    nik: `317101170890${String(1000 + n)}`,
    no_hp: `08129999${String(1000 + n)}`,
    email: `lain${n}@contoh.co.id`,
    no_rekening: `99900000${String(10 + n)}`,
    nama_toko: `Toko Lain ${n}`,
  });

  it('finds each of the four keys, never across a deleted merchant nor the same account at another bank', async () => {
    const first = await create({});
    const byNik = await create({ ...distinct(1), nik: ADMIN_CREATE_BODY.nik });
    const byAccount = await create({ ...distinct(2), no_rekening: ADMIN_CREATE_BODY.no_rekening });
    const otherBank = await create({ ...distinct(3), no_rekening: ADMIN_CREATE_BODY.no_rekening, nama_bank: 'BNI' });
    // The phone typed another way, stored normalised; the e-mail in other letters' case.
    const byPhone = await create({ ...distinct(4), no_hp: '+62 812 3456 7890' });
    const byEmail = await create({ ...distinct(5), email: 'BUDI@contoh.co.id' });
    const deleted = await create({ ...distinct(6), no_hp: ADMIN_CREATE_BODY.no_hp });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/merchants/${deleted.id}`, headers: { cookie } })).statusCode).toBe(204);
    const alone = await create(distinct(7));

    const response = await t.app.inject({ method: 'GET', url: `/api/admin/merchants/${first.id}/duplicates`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    // All made at the same instant: the answer's order (submission, then id) is by id here; compare by name.
    const found = (
      response.json() as { id: string; kode_pendaftaran: string; nama_toko: string; status: string; matched_on: string[] }[]
    ).sort((a, b) => a.nama_toko.localeCompare(b.nama_toko));
    expect(found.map((d) => [d.id, d.matched_on])).toEqual([
      [byNik.id, ['nik']],
      [byAccount.id, ['no_rekening']],
      [byPhone.id, ['no_hp']],
      [byEmail.id, ['email']],
    ]);
    expect(found[0]).toEqual({
      id: byNik.id,
      kode_pendaftaran: byNik.kode_pendaftaran,
      nama_toko: 'Toko Lain 1',
      status: 'processing',
      matched_on: ['nik'],
    });

    const other = await t.app.inject({ method: 'GET', url: `/api/admin/merchants/${otherBank.id}/duplicates`, headers: { cookie } });
    expect(other.json()).toEqual([]);

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/merchants?page_size=100', headers: { cookie } });
    const flags = Object.fromEntries((list.json().items as { id: string; has_duplicates: boolean }[]).map((m) => [m.id, m.has_duplicates]));
    expect(flags).toEqual({
      [first.id]: true,
      [byNik.id]: true,
      [byAccount.id]: true,
      [otherBank.id]: false,
      [byPhone.id]: true,
      [byEmail.id]: true,
      [alone.id]: false,
    });
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/merchants/${alone.id}`, headers: { cookie } });
    expect(detail.json().has_duplicates).toBe(false);
  });

  it('never counts purged rows as duplicates of each other (their phone and e-mail are one marker)', async () => {
    const purged = [await create(distinct(10)), await create(distinct(11))];
    for (const { id } of purged) {
      await t.database.db
        .update(merchants)
        .set({ noHp: '[dihapus]', email: '[dihapus]', nikHash: null, noRekeningHash: null, purgedAt: NOW })
        .where(eq(merchants.id, id));
    }
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/merchants/${purged[0]!.id}/duplicates`, headers: { cookie } });
    expect(response.json()).toEqual([]);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/merchants?page_size=100', headers: { cookie } });
    const flags = (list.json().items as { id: string; has_duplicates: boolean }[])
      .filter((m) => purged.some((p) => p.id === m.id))
      .map((m) => m.has_duplicates);
    expect(flags).toEqual([false, false]);
  });

  it('answers 404 for a deleted or unknown merchant', async () => {
    const gone = await create(distinct(8));
    await t.app.inject({ method: 'DELETE', url: `/api/admin/merchants/${gone.id}`, headers: { cookie } });
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/merchants/${gone.id}/duplicates`, headers: { cookie } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/merchants/bukan-id/duplicates', headers: { cookie } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/merchants/${gone.id}/duplicates` })).statusCode).toBe(401);
  });

  const reveal = (id: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/merchants/${id}/reveal`, headers: { cookie }, payload: { field: 'nik' } });

  it('decodes the NIK for the detail as flags only, and birth date and sex only with the reveal', async () => {
    const jakarta = await create(distinct(9));
    const detailResponse = await t.app.inject({ method: 'GET', url: `/api/admin/merchants/${jakarta.id}`, headers: { cookie } });
    const detail = detailResponse.json();
    expect(detail.nik_check).toEqual({ province_code: '31', province_name: 'DKI Jakarta', problems: [], province_mismatch: false });
    expect(detail.nik).toBe('•••• •••• •••• 1009');
    // Nowhere in the answer: neither the birth date in any spelling nor the sex.
    expect(detailResponse.body).not.toMatch(/1990-08-17|170890|birth_date|"sex"/);
    expect((await reveal(jakarta.id)).json()).toEqual({
      field: 'nik',
      value: '3171011708901009',
      nik_personal: { birth_date: '1990-08-17', sex: 'L' },
    });

    const moved = await create({ ...distinct(10), provinsi: 'Jawa Barat', nik: '3171015708051010' });
    const movedDetail = (await t.app.inject({ method: 'GET', url: `/api/admin/merchants/${moved.id}`, headers: { cookie } })).json();
    expect(movedDetail.nik_check).toEqual({ province_code: '31', province_name: 'DKI Jakarta', problems: [], province_mismatch: true });
    expect((await reveal(moved.id)).json().nik_personal).toEqual({ birth_date: '2005-08-17', sex: 'P' });
  });

  it('flags the structure problems before a reveal: unknown province, impossible date, under 17', async () => {
    const cases: [string, string[]][] = [
      ['9971011708901011', ['unknown_province']],
      // The forms refuse a date that is real in neither century: only an older row holds one.
      ['3171013213901012', ['impossible_date']],
      ['3171015708201013', ['under_17']],
    ];
    for (const [index, [nik, problems]] of cases.entries()) {
      const created = await create(distinct(11 + index));
      await t.database.db
        .update(merchants)
        .set({ nik: seal(nik, 'merchants', 'nik', created.id) })
        .where(eq(merchants.id, created.id));
      const detail = (await t.app.inject({ method: 'GET', url: `/api/admin/merchants/${created.id}`, headers: { cookie } })).json();
      expect(detail.nik_check.problems).toEqual(problems);
      expect(Object.keys(detail.nik_check).sort()).toEqual(['problems', 'province_code', 'province_mismatch', 'province_name']);
    }
  });
});

describe('GET /api/admin/merchants?sort=queue', () => {
  let cookie: string;
  const random = createRandom(18);
  const row = (index: number, status: MerchantStatus, queued: Date, extra: Partial<NewMerchantRow> = {}): NewMerchantRow => ({
    ...fakeMerchant({ index, random, now: NOW, status }),
    namaToko: `Antre ${index}`,
    submittedAt: queued,
    queuedAt: queued,
    ...extra,
  });
  const t = testAppPerSuite({ now: () => NOW }, async (app) => {
    ({ cookie } = await signIn(app.app));
    await app.database.db.insert(merchants).values([
      row(1, 'processing', wib('2026-11-24')), // 1 working day: on time
      row(2, 'processing', wib('2026-11-18')), // 5 working days: overdue
      row(3, 'processing', wib('2026-11-20', '23:59')), // Friday night: 3 (Mon, Tue, Wed): due
      row(4, 'verified', wib('2026-11-01')),
      row(5, 'processing', wib('2026-11-02'), { isDeleted: true }),
      // Submitted long ago, back through the fix link yesterday: queued yesterday.
      row(6, 'processing', wib('2026-11-24', '08:00'), { submittedAt: wib('2026-10-01') }),
      row(7, 'processing', wib('2026-11-25', '09:00')), // today: 0
    ]);
  });
  const queue = async (params = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/merchants?sort=queue${params}`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      total: number;
      items: { nama_toko: string; age_working_days: number | null; sla: string | null; status: string }[];
    };
  };

  it('lists only live processing merchants, longest waiting first, with their age in working days and SLA', async () => {
    const page = await queue();
    expect(page.total).toBe(5);
    expect(page.items.map((m) => [m.nama_toko, m.age_working_days, m.sla])).toEqual([
      ['Antre 2', 5, 'overdue'],
      ['Antre 3', 3, 'due'],
      ['Antre 6', 1, 'on_time'],
      ['Antre 1', 1, 'on_time'],
      ['Antre 7', 0, 'on_time'],
    ]);
    // The status filter does not widen the queue; search and paging still apply.
    expect((await queue('&status=verified')).items.map((m) => m.nama_toko)).toEqual([
      'Antre 2',
      'Antre 3',
      'Antre 6',
      'Antre 1',
      'Antre 7',
    ]);
    expect((await queue('&q=antre%203')).items.map((m) => m.nama_toko)).toEqual(['Antre 3']);
  });

  it('gives no age to a merchant that is not in processing', async () => {
    const verified = await t.app.inject({ method: 'GET', url: '/api/admin/merchants?status=verified', headers: { cookie } });
    expect(verified.json().items[0]).toMatchObject({ nama_toko: 'Antre 4', age_working_days: null, sla: null });
  });

  it('moves a merchant back to processing to the end of the queue, and records its first decision once', async () => {
    const [first] = await t.database.db.select().from(merchants).where(eq(merchants.namaToko, 'Antre 2'));
    const change = (status: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/merchants/${first!.id}/status`,
        headers: { cookie },
        payload: { status, ...(status === 'rejected' ? { kode_alasan: ['data_ganda'] } : {}) },
      });
    expect((await change('verified')).statusCode).toBe(200);
    expect((await change('processing')).statusCode).toBe(200);
    expect((await queue()).items.map((m) => m.nama_toko).at(-1)).toBe('Antre 2');
    expect((await change('rejected')).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(merchants).where(eq(merchants.id, first!.id));
    expect(after!.queuedAt).toEqual(NOW);
    expect(after!.firstDecidedAt).toEqual(NOW);
  });
});

describe('POST .../status from the review screen: expected_status and checklist', () => {
  let cookie: string;
  const t = testAppPerSuite({ now: () => NOW }, async (app) => {
    ({ cookie } = await signIn(app.app));
  });

  it('answers the stale-save 409 when the status changed meanwhile, and stores the checklist with the decision', async () => {
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/admin/merchants', headers: { cookie }, payload: ADMIN_CREATE_BODY })
    ).json() as { id: string };
    const url = `/api/admin/merchants/${created.id}/status`;
    const checklist = { foto_ktp: { readable: true, matches: true }, foto_selfie_ktp: { readable: true, matches: false } };
    const first = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie },
      payload: { status: 'verified', expected_status: 'processing', checklist },
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie },
      payload: { status: 'rejected', expected_status: 'processing', kode_alasan: ['data_ganda'] },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: { code: 'STALE_UPDATE', message: MERCHANT_MESSAGES.staleSave } });
    const rows = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, created.id));
    const decisions = rows.filter((r) => r.action === 'status_change');
    expect(decisions).toHaveLength(1);
    expect(decisions[0]!.diff).toMatchObject({ from: 'processing', to: 'verified', checklist });
    const bad = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie },
      payload: { status: 'verified', checklist: { foto_lain: { readable: true, matches: true } } },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/admin/stats', () => {
  let cookie: string;
  const random = createRandom(30);
  const row = (index: number, status: MerchantStatus, submitted: Date, extra: Partial<NewMerchantRow> = {}): NewMerchantRow => ({
    ...fakeMerchant({ index, random, now: NOW, status }),
    submittedAt: submitted,
    queuedAt: submitted,
    firstDecidedAt: null,
    ...extra,
  });
  const t = testAppPerSuite({ now: () => NOW }, async (app) => {
    ({ cookie } = await signIn(app.app));
    const db = app.database.db;
    await db.insert(merchants).values([
      row(1, 'processing', wib('2026-11-25', '08:00')),
      row(2, 'processing', wib('2026-11-25', '06:59')),
      row(3, 'processing', wib('2026-11-19')), // 4 working days: overdue
      row(4, 'processing', wib('2026-11-20')), // 3: not yet
      row(5, 'processing', wib('2026-10-01'), { isDeleted: true }), // deleted: counted nowhere
      // Decided: working days from submission to first decision 0, 1, 2, 3, 10.
      row(6, 'verified', wib('2026-11-16'), { firstDecidedAt: wib('2026-11-16', '15:00') }),
      row(7, 'verified', wib('2026-11-16'), { firstDecidedAt: wib('2026-11-17') }),
      row(8, 'rejected', wib('2026-11-16'), { firstDecidedAt: wib('2026-11-18') }),
      row(9, 'data_tidak_lengkap', wib('2026-11-13'), { firstDecidedAt: wib('2026-11-18') }), // Fri → Wed: 3
      row(10, 'verified', wib('2026-11-02'), { firstDecidedAt: wib('2026-11-16') }), // 10
      // Decided before the 30-day window: not in the percentiles.
      row(11, 'verified', wib('2026-09-01'), { firstDecidedAt: wib('2026-09-02') }),
    ]);
    // Decisions per day: status changes away from processing (a change back to processing is none).
    const decision = (day: Date, to: string) => ({
      action: 'status_change',
      targetTable: 'merchants',
      targetId: 'x',
      diff: { from: 'processing', to },
      createdAt: day,
    });
    await db
      .insert(auditLogs)
      .values([
        decision(wib('2026-11-24', '09:00'), 'verified'),
        decision(wib('2026-11-24', '16:00'), 'rejected'),
        decision(wib('2026-11-24', '17:00'), 'processing'),
        decision(wib('2026-11-25', '00:30'), 'verified'),
        decision(wib('2026-10-01'), 'verified'),
      ]);
  });

  it('answers the counts, overdue, 30 WIB days and the percentiles of the rows it holds', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json();
    expect(stats.by_status).toEqual({ processing: 4, verified: 4, rejected: 1, data_tidak_lengkap: 1 });
    expect(stats.overdue).toBe(1);
    expect(stats.per_day).toHaveLength(30);
    expect(stats.per_day[0].date).toBe('2026-10-27');
    expect(stats.per_day.at(-1)).toEqual({ date: '2026-11-25', registrations: 2, decisions: 1 });
    expect(stats.per_day.at(-2)).toEqual({ date: '2026-11-24', registrations: 0, decisions: 2 });
    const byDate = Object.fromEntries(stats.per_day.map((d: { date: string; registrations: number }) => [d.date, d.registrations]));
    expect(byDate['2026-11-16']).toBe(3);
    expect(stats.per_day.reduce((n: number, d: { registrations: number }) => n + d.registrations, 0)).toBe(9);
    // 0, 1, 2, 3, 10: the median 2; p90 between 3 and 10 (position 3.6), like percentile_cont.
    expect(stats.decision_working_days).toEqual({ median: 2, p90: 7.2 });
  });

  it('is for signed-in admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(401);
  });
});

describe('review presence', () => {
  let first: { cookie: string; userId: string };
  let second: { cookie: string; userId: string };
  const t = testAppPerSuite({ now: () => NOW }, async (app) => {
    first = await signIn(app.app);
    second = await signIn(app.app, { email: 'kedua@aipos.test' });
  });

  it('lists the admins who have the merchant open, until they leave', async () => {
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/admin/merchants', headers: { cookie: first.cookie }, payload: ADMIN_CREATE_BODY })
    ).json() as { id: string };
    const url = `/api/admin/merchants/${created.id}/review-presence`;
    const one = await t.app.inject({ method: 'POST', url, headers: { cookie: first.cookie } });
    expect(one.json()).toEqual({ merchant_id: created.id, admins: [{ id: first.userId, name: 'admin@aipos.test' }] });
    await t.app.inject({ method: 'POST', url, headers: { cookie: second.cookie } });
    const both = await t.app.inject({ method: 'GET', url, headers: { cookie: first.cookie } });
    expect(both.json().admins.map((a: { name: string }) => a.name)).toEqual(['admin@aipos.test', 'kedua@aipos.test']);
    const left = await t.app.inject({ method: 'DELETE', url, headers: { cookie: first.cookie } });
    expect(left.json().admins).toEqual([{ id: second.userId, name: 'kedua@aipos.test' }]);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/merchants/bukan-id/review-presence', headers: { cookie: first.cookie } }))
        .statusCode,
    ).toBe(404);
  });
});
