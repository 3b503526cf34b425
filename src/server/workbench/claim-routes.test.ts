import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn, type SignedIn } from '../../../tests/support/admin-session.js';
import { MINUTE, testClock } from '../../../tests/support/auth-test-kit.js';
import { testAppPerSuite, type TestApp } from '../../../tests/support/build-test-app.js';
import { ADMIN_CREATE_BODY, adminSaveBody } from '../../../tests/support/merchant-fixtures.js';
import { auditLogs, merchants } from '../db/schema.js';

const HELD_BY_A = { error: { code: 'CLAIM_HELD', message: 'Sedang ditinjau oleh reviewer.a@aipos.test' } };

/** Two reviewers on one app whose clock the test moves. */
function reviewTeam(clock = testClock('2026-11-25T03:00:00Z')) {
  const team = { a: undefined as unknown as SignedIn, b: undefined as unknown as SignedIn };
  const t = testAppPerSuite({ now: clock.now, env: { CLAIM_IDLE_MINUTES: '20' } }, async (app) => {
    team.a = await signIn(app.app, { email: 'reviewer.a@aipos.test' });
    team.b = await signIn(app.app, { email: 'reviewer.b@aipos.test' });
  });
  let made = 0;
  const as = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  /** A processing merchant sharing no key with any other (no duplicate warning). */
  const merchant = async (overrides: Record<string, unknown> = {}) => {
    made += 1;
    const n = String(1000 + made);
    const body = {
      ...ADMIN_CREATE_BODY,
      nik: `317101170890${n}`,
      no_hp: `08129999${n}`,
      email: `toko${n}@contoh.co.id`,
      no_rekening: `99900${n}`,
      nama_toko: `Toko Klaim ${n}`,
      ...overrides,
    };
    const response = await as(team.a, 'POST', '/api/admin/merchants', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; kode_pendaftaran: string; email: string; no_hp: string };
  };
  const audits = (id: string, actions: string[]) =>
    t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, id), inArray(auditLogs.action, actions)))
      .orderBy(auditLogs.createdAt, auditLogs.id);
  return { t, team, clock, as, merchant, audits };
}

const claimOf = (t: TestApp, id: string) =>
  t.database.db.select({ claimedBy: merchants.claimedBy }).from(merchants).where(eq(merchants.id, id));

describe('claims on a case under review', () => {
  const { t, team, clock, as, merchant, audits } = reviewTeam();

  it('gives a case to one of two admins claiming at once; the other hears who holds it', async () => {
    const { id } = await merchant();
    const [first, second] = await Promise.all([
      as(team.a, 'POST', `/api/admin/merchants/${id}/claim`),
      as(team.b, 'POST', `/api/admin/merchants/${id}/claim`),
    ]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const winner = first.statusCode === 200 ? team.a : team.b;
    const loser = first.statusCode === 200 ? second : first;
    expect(loser.json()).toEqual({ error: { code: 'CLAIM_HELD', message: `Sedang ditinjau oleh ${winner.email}` } });
    expect((await claimOf(t, id))[0]!.claimedBy).toBe(winner.userId);
    expect((await audits(id, ['claim_taken'])).map((r) => r.actorId)).toEqual([winner.userId]);
  });

  it("refuses a decision, a fix request and an edit on another admin's case; an unclaimed case is claimed by the act", async () => {
    const { id } = await merchant();
    expect((await as(team.a, 'POST', `/api/admin/merchants/${id}/claim`)).json()).toEqual({
      merchant_id: id,
      diklaim_oleh: { id: team.a.userId, email: team.a.email },
    });
    const verify = await as(team.b, 'POST', `/api/admin/merchants/${id}/status`, { status: 'verified' });
    expect(verify.statusCode).toBe(409);
    expect(verify.json()).toEqual(HELD_BY_A);
    const fix = await as(team.b, 'POST', `/api/admin/merchants/${id}/status`, {
      status: 'data_tidak_lengkap',
      perbaikan: [{ field: 'foto_ktp', alasan: 'Foto buram' }],
    });
    expect(fix.json()).toEqual(HELD_BY_A);
    const detail = (await as(team.b, 'GET', `/api/admin/merchants/${id}`)).json();
    expect(detail.diklaim_oleh).toEqual({ id: team.a.userId, email: team.a.email });
    const edit = await as(team.b, 'PUT', `/api/admin/merchants/${id}`, adminSaveBody(detail, { kota_kab: 'Bogor' }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual(HELD_BY_A);
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, id));
    expect(row).toMatchObject({ status: 'processing', kotaKab: 'Jakarta Pusat', claimedBy: team.a.userId });

    // Nobody holds this one: B's decision claims it (audited) and, leaving processing, ends the claim.
    const free = await merchant();
    const decided = await as(team.b, 'POST', `/api/admin/merchants/${free.id}/status`, { status: 'verified' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'verified', diklaim_oleh: null });
    expect(
      (await audits(free.id, ['claim_taken', 'status_change'])).map((r) => [
        r.action,
        r.actorId,
        (r.diff as { melalui?: string }).melalui ?? null,
      ]),
    ).toEqual([
      ['claim_taken', team.b.userId, 'status_change'],
      ['status_change', team.b.userId, null],
    ]);
  });

  it('lets an admin take over with a reason, audited claim_takeover; a release frees the case', async () => {
    const { id } = await merchant();
    await as(team.a, 'POST', `/api/admin/merchants/${id}/claim`);
    const noReason = await as(team.b, 'POST', `/api/admin/merchants/${id}/claim`, { ambil_alih: true });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe('Alasan ambil alih wajib diisi (maksimal 500 karakter)');
    const takeover = await as(team.b, 'POST', `/api/admin/merchants/${id}/claim`, { ambil_alih: true, alasan: 'Reviewer A sedang cuti' });
    expect(takeover.statusCode, takeover.body).toBe(200);
    expect(takeover.json().diklaim_oleh).toEqual({ id: team.b.userId, email: team.b.email });
    const [row] = await audits(id, ['claim_takeover']);
    expect(row).toMatchObject({
      actorId: team.b.userId,
      diff: { dari: team.a.userId, dari_email: team.a.email, alasan: 'Reviewer A sedang cuti' },
    });

    // A no longer holds it: A's release is B's to make, and B's release frees the case.
    expect((await as(team.a, 'DELETE', `/api/admin/merchants/${id}/claim`)).json()).toEqual({
      error: { code: 'CLAIM_HELD', message: `Sedang ditinjau oleh ${team.b.email}` },
    });
    expect((await as(team.b, 'DELETE', `/api/admin/merchants/${id}/claim`)).json()).toEqual({ merchant_id: id, diklaim_oleh: null });
    expect((await claimOf(t, id))[0]!.claimedBy).toBeNull();
    expect((await audits(id, ['claim_released'])).map((r) => r.actorId)).toEqual([team.b.userId]);
  });

  it('lets a claim lapse after CLAIM_IDLE_MINUTES without a heartbeat, and keeps it while the screen beats', async () => {
    const { id } = await merchant();
    await as(team.a, 'POST', `/api/admin/merchants/${id}/claim`);
    clock.advance(15 * MINUTE);
    expect((await as(team.b, 'GET', `/api/admin/merchants/${id}`)).json().diklaim_oleh).toEqual({ id: team.a.userId, email: team.a.email });
    // The review screen's heartbeat: the same request, unaudited.
    expect((await as(team.a, 'POST', `/api/admin/merchants/${id}/claim`)).statusCode).toBe(200);
    clock.advance(15 * MINUTE);
    expect((await as(team.b, 'POST', `/api/admin/merchants/${id}/claim`)).json()).toEqual(HELD_BY_A);
    clock.advance(6 * MINUTE);
    // 21 minutes since A's last heartbeat: the claim has lapsed.
    expect((await as(team.b, 'GET', `/api/admin/merchants/${id}`)).json().diklaim_oleh).toBeNull();
    const taken = await as(team.b, 'POST', `/api/admin/merchants/${id}/claim`);
    expect(taken.statusCode).toBe(200);
    expect((await audits(id, ['claim_taken'])).map((r) => r.actorId)).toEqual([team.a.userId, team.b.userId]);
  });

  it("releases the admin's claims at sign-out", async () => {
    const leaving = await signIn(t.app, { email: 'reviewer.c@aipos.test' });
    const { id } = await merchant();
    expect((await as(leaving, 'POST', `/api/admin/merchants/${id}/claim`)).statusCode).toBe(200);
    expect((await as(leaving, 'POST', '/api/auth/logout')).statusCode).toBe(204);
    expect((await claimOf(t, id))[0]!.claimedBy).toBeNull();
    expect((await audits(id, ['claim_released']))[0]).toMatchObject({ actorId: leaving.userId, diff: { melalui: 'keluar' } });
  });
});

describe("'Ambil Berikutnya' and bulk claims", () => {
  const { t, team, as, merchant, audits } = reviewTeam();

  it('gives two admins pressing at once two different merchants, the oldest first, then 404', async () => {
    const oldest = await merchant();
    const held = await merchant();
    const next = await merchant();
    await as(team.a, 'POST', `/api/admin/merchants/${held.id}/claim`);
    const [first, second] = await Promise.all([as(team.a, 'POST', '/api/admin/queue/next'), as(team.b, 'POST', '/api/admin/queue/next')]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const given = [first.json(), second.json()].map((m: { id: string }) => m.id).sort();
    expect(given).toEqual([oldest.id, next.id].sort());
    expect(first.json()).toEqual({
      id: first.json().id,
      kode_pendaftaran: [oldest, next].find((m) => m.id === first.json().id)!.kode_pendaftaran,
    });
    const none = await as(team.b, 'POST', '/api/admin/queue/next');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: { code: 'QUEUE_EMPTY', message: 'Tidak ada merchant yang belum diambil di antrean' } });
    expect((await audits(first.json().id, ['claim_taken']))[0]).toMatchObject({ diff: { melalui: 'ambil_berikutnya' } });
  });

  it('shows the holders and counts on the queue, filtered by Milik saya and Belum diambil', async () => {
    const open = await merchant();
    const queue = (await as(team.a, 'GET', '/api/admin/merchants?sort=queue&page_size=100')).json();
    expect(queue.claim_counts).toEqual({ milik_saya: 2, belum_diambil: 1 });
    const holders = Object.fromEntries(
      (queue.items as { id: string; diklaim_oleh: { email: string } | null }[]).map((m) => [m.id, m.diklaim_oleh?.email ?? null]),
    );
    expect(holders[open.id]).toBeNull();
    expect(Object.values(holders).sort()).toEqual([null, team.a.email, team.a.email, team.b.email].sort());
    const mine = (await as(team.b, 'GET', '/api/admin/merchants?sort=queue&klaim=saya')).json();
    expect(mine).toMatchObject({ total: 1, claim_counts: { milik_saya: 1, belum_diambil: 1 } });
    expect(mine.items[0].diklaim_oleh).toEqual({ id: team.b.userId, email: team.b.email });
    const free = (await as(team.b, 'GET', '/api/admin/merchants?sort=queue&klaim=belum')).json();
    expect(free).toMatchObject({ total: 1, items: [{ id: open.id, diklaim_oleh: null }] });
  });

  it('claims in bulk, skipping and reporting a row another admin holds, one audit row per change', async () => {
    const rows = [await merchant(), await merchant(), await merchant()];
    await as(team.b, 'POST', `/api/admin/merchants/${rows[1]!.id}/claim`);
    const ids = rows.map((r) => r.id);
    const bulk = await as(team.a, 'POST', '/api/admin/merchants/bulk', { aksi: 'ambil', ids });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toEqual({ berhasil: [ids[0], ids[2]], dilewati: [{ id: ids[1], alasan: 'sedang ditinjau admin lain' }] });
    const taken = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(inArray(auditLogs.targetId, ids), eq(auditLogs.actorId, team.a.userId), eq(auditLogs.action, 'claim_taken')));
    expect(taken.map((r) => r.targetId).sort()).toEqual([ids[0], ids[2]].sort());

    const assign = await as(team.a, 'POST', '/api/admin/merchants/bulk', { aksi: 'tugaskan', ids: [ids[0]], admin_id: team.b.userId });
    expect(assign.json()).toEqual({ berhasil: [ids[0]], dilewati: [] });
    expect((await audits(ids[0]!, ['claim_assigned']))[0]).toMatchObject({
      actorId: team.a.userId,
      diff: { kepada: team.b.userId, kepada_email: team.b.email },
    });
    const release = await as(team.a, 'POST', '/api/admin/merchants/bulk', { aksi: 'lepas', ids });
    expect(release.json()).toEqual({
      berhasil: [ids[2]],
      dilewati: [ids[0], ids[1]].map((id) => ({ id, alasan: 'sedang ditinjau admin lain' })),
    });
    expect((await claimOf(t, ids[2]!))[0]!.claimedBy).toBeNull();
    const missing = await as(team.a, 'POST', '/api/admin/merchants/bulk', {
      aksi: 'tugaskan',
      ids,
      admin_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Admin tidak ditemukan');
  });

  it('lists the admins to assign to', async () => {
    const admins = (await as(team.a, 'GET', '/api/admin/admins')).json() as { email: string }[];
    expect(admins.map((a) => a.email)).toEqual(['reviewer.a@aipos.test', 'reviewer.b@aipos.test']);
  });
});

describe('the second approver', () => {
  const { t, team, as, merchant, audits } = reviewTeam();
  const lookup = (m: { email: string; no_hp: string }) =>
    t.app.inject({ method: 'POST', url: '/api/status/lookup', payload: { email: m.email, no_hp: m.no_hp } });

  it('holds a warned case at processing until another admin verifies it; the same admin again is 403', async () => {
    const settings = (await as(team.a, 'GET', '/api/admin/settings')).json();
    expect(
      (
        await as(team.a, 'PUT', '/api/admin/settings', {
          ...settings,
          four_eyes: { selalu: false, saat_peringatan: true, omset_di_atas: null },
        })
      ).statusCode,
    ).toBe(200);
    const warned = await merchant();
    await merchant({ no_hp: warned.no_hp }); // shares the phone: a duplicate signal
    await as(team.a, 'POST', `/api/admin/merchants/${warned.id}/claim`);

    const first = await as(team.a, 'POST', `/api/admin/merchants/${warned.id}/status`, {
      status: 'verified',
      expected_status: 'processing',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'processing',
      persetujuan_kedua: { menunggu: true, oleh: team.a.email },
      diklaim_oleh: null,
    });
    expect((await lookup(warned)).json().status).toBe('processing');
    expect((await audits(warned.id, ['first_approval', 'status_change'])).map((r) => [r.action, r.actorId])).toEqual([
      ['first_approval', team.a.userId],
    ]);

    const again = await as(team.a, 'POST', `/api/admin/merchants/${warned.id}/status`, { status: 'verified' });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ error: { code: 'SECOND_APPROVER_REQUIRED', message: 'Persetujuan kedua harus oleh admin lain.' } });

    const second = await as(team.b, 'POST', `/api/admin/merchants/${warned.id}/status`, {
      status: 'verified',
      expected_status: 'processing',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ status: 'verified', persetujuan_kedua: { menunggu: false, oleh: null } });
    expect((await lookup(warned)).json().status).toBe('verified');
    expect((await audits(warned.id, ['first_approval', 'status_change'])).map((r) => [r.action, r.actorId])).toEqual([
      ['first_approval', team.a.userId],
      ['status_change', team.b.userId],
    ]);
  });

  it('returns a first approval on any other decision, and applies the turnover rule', async () => {
    const settings = (await as(team.a, 'GET', '/api/admin/settings')).json();
    await as(team.a, 'PUT', '/api/admin/settings', {
      ...settings,
      four_eyes: { selalu: false, saat_peringatan: false, omset_di_atas: 10_000_000 },
    });
    const small = await merchant({ omset_per_bulan: 10_000_000 });
    expect((await as(team.a, 'POST', `/api/admin/merchants/${small.id}/status`, { status: 'verified' })).json().status).toBe('verified');
    const big = await merchant({ omset_per_bulan: 10_000_001 });
    expect(
      (await as(team.a, 'POST', `/api/admin/merchants/${big.id}/status`, { status: 'verified' })).json().persetujuan_kedua.menunggu,
    ).toBe(true);
    const fix = await as(team.b, 'POST', `/api/admin/merchants/${big.id}/status`, {
      status: 'data_tidak_lengkap',
      perbaikan: [{ field: 'foto_ktp', alasan: 'Foto buram' }],
    });
    expect(fix.json()).toMatchObject({ status: 'data_tidak_lengkap', persetujuan_kedua: { menunggu: false, oleh: null } });
  });
});
