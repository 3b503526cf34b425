import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn, twoAdminsPerSuite, type SignedIn } from '../../../tests/support/admin-session.js';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { fixLinkFromOutbox } from '../../../tests/support/fix-link.js';
import { GENEROUS_LIMITS, registerMerchant } from '../../../tests/support/registration-fixtures.js';
import { auditLogs, merchants } from '../db/schema.js';
import { workingDaysSince } from '../shared/working-days.js';
import { resumedQueuedAt } from './paused-clock.js';

/** A WIB wall-clock time as an instant. */
const wib = (local: string) => new Date(`${local}+07:00`);

describe('resumedQueuedAt', () => {
  it('gives back the age the case had when it paused, counted to the resubmission day', () => {
    // Queued Monday 2 Nov, paused Wednesday 4 Nov: 2 working days. Back on Monday 16 Nov, it is 2 again.
    const at = resumedQueuedAt(wib('2026-11-02T09:00:00'), wib('2026-11-04T10:00:00'), wib('2026-11-16T10:00:00'));
    expect(at).toEqual(wib('2026-11-12T10:00:00'));
    expect(workingDaysSince(at, wib('2026-11-16T10:00:00'))).toBe(2);
    expect(workingDaysSince(at, wib('2026-11-17T08:00:00'))).toBe(3);
    // Paused the day it came in: resumed at the resubmission itself.
    expect(resumedQueuedAt(wib('2026-11-02T09:00:00'), wib('2026-11-02T15:00:00'), wib('2026-11-16T10:00:00'))).toEqual(
      wib('2026-11-16T10:00:00'),
    );
  });
});

describe('the clock that is fair to reviewers (moved clock)', () => {
  let clock = wib('2026-11-02T09:00:00');
  let admin: SignedIn;
  const t = testAppPerSuite({ env: GENEROUS_LIMITS, now: () => clock }, async (app) => {
    admin = await signIn(app.app);
  });
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload === undefined ? {} : { payload }) });
  // The session's idle limit runs on the same clock: sign in again after each move.
  const move = async (to: Date) => {
    clock = to;
    admin = await signIn(t.app);
  };
  const ages = async () =>
    Object.fromEntries(
      ((await call('GET', '/api/admin/merchants?sort=queue')).json().items as { nama_toko: string; age_working_days: number }[]).map(
        (m) => [m.nama_toko, m.age_working_days],
      ),
    );

  it('pauses the age while the applicant has the case, resumes it at resubmission; the dashboard splits the wait', async () => {
    const paused = await registerMerchant(t.app, { email: 'jeda@example.com', nama_toko: 'Toko Jeda' });
    const waiting = await registerMerchant(t.app, { email: 'antre@example.com', nama_toko: 'Toko Antre', no_hp: '081299990001' });

    await move(wib('2026-11-04T10:00:00'));
    const fix = await call('POST', `/api/admin/merchants/${paused.id}/status`, {
      status: 'data_tidak_lengkap',
      perbaikan: [{ field: 'nama_toko', alasan: 'Tidak sama dengan papan nama' }],
    });
    expect(fix.statusCode, fix.body).toBe(200);
    const { token } = await fixLinkFromOutbox(t.database.db, paused.id);
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, paused.id));
    expect(row!.waitingSince).toEqual(clock);

    // Friday: two working days waiting for the applicant, four for us.
    await move(wib('2026-11-06T10:00:00'));
    let stats = (await call('GET', '/api/admin/stats')).json();
    expect(stats.menunggu).toEqual({ pendaftar: { merchant: 1, hari_kerja: 2 }, kami: { merchant: 1, hari_kerja: 4 } });
    // Claimed, then rejected (the trail's own times, stamped by the database, are checked below).
    expect((await call('POST', `/api/admin/merchants/${waiting.id}/claim`)).statusCode).toBe(200);
    await move(wib('2026-11-06T10:15:00'));
    expect(
      (await call('POST', `/api/admin/merchants/${waiting.id}/status`, { status: 'rejected', kode_alasan: ['data_ganda'] })).statusCode,
    ).toBe(200);

    // The resubmission ten days later: the age is the two days it had, not eleven.
    await move(wib('2026-11-16T10:00:00'));
    const resubmitted = await t.app.inject({
      method: 'POST',
      url: `/api/perbaikan/${token}`,
      payload: { fields: { nama_toko: 'Toko Jeda Baru' } },
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    const [back] = await t.database.db.select().from(merchants).where(eq(merchants.id, paused.id));
    expect(back!.waitingSince).toBeNull();
    expect(await ages()).toEqual({ 'Toko Jeda Baru': 2 });
    await move(wib('2026-11-17T08:00:00'));
    expect(await ages()).toEqual({ 'Toko Jeda Baru': 3 });

    stats = (await call('GET', '/api/admin/stats')).json();
    expect(stats.menunggu).toEqual({ pendaftar: { merchant: 0, hari_kerja: 0 }, kami: { merchant: 1, hari_kerja: 3 } });
    expect(stats.per_reviewer).toMatchObject([{ admin_id: admin.userId, email: admin.email, keputusan: 1, permintaan_perbaikan: 1 }]);
  });
});

describe('per reviewer: decisions, median minutes from claim to decision, fix requests', () => {
  const NOW = new Date('2026-11-20T05:00:00Z');
  const { t, ani, budi } = twoAdminsPerSuite({ now: () => NOW });

  it('measures from the latest claim (taken, taken over or assigned) before each decision, over the last 30 days', async () => {
    const at = (minutes: number, day = '2026-11-19') => new Date(new Date(`${day}T03:00:00Z`).getTime() + minutes * 60_000);
    const row = (actorId: string, action: string, targetId: string, createdAt: Date, to?: string) => ({
      actorId,
      action,
      targetTable: 'merchants',
      targetId,
      diff: to ? { from: 'processing', to } : {},
      createdAt,
    });
    await t.database.db.insert(auditLogs).values([
      row(ani.userId, 'claim_taken', 'm1', at(0)),
      row(ani.userId, 'status_change', 'm1', at(15), 'rejected'),
      row(budi.userId, 'claim_taken', 'm2', at(0)),
      row(ani.userId, 'claim_takeover', 'm2', at(10)),
      row(ani.userId, 'status_change', 'm2', at(55), 'verified'),
      row(ani.userId, 'claim_taken', 'm3', at(0)),
      row(ani.userId, 'status_change', 'm3', at(5), 'data_tidak_lengkap'),
      row(ani.userId, 'claim_assigned', 'm4', at(0)),
      row(budi.userId, 'status_change', 'm4', at(90), 'verified'),
      // Outside the 30 days: not counted.
      row(budi.userId, 'claim_taken', 'm5', at(0, '2026-10-01')),
      row(budi.userId, 'status_change', 'm5', at(1, '2026-10-01'), 'verified'),
    ]);
    const { cookie } = ani;
    const stats = (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie } })).json();
    expect(stats.per_reviewer).toEqual([
      // 15 and 45 minutes: the median 30; the fix request is not a decision.
      { admin_id: ani.userId, email: 'ani@aipos.test', keputusan: 2, median_klaim_menit: 30, permintaan_perbaikan: 1 },
      { admin_id: budi.userId, email: 'budi@aipos.test', keputusan: 1, median_klaim_menit: 90, permintaan_perbaikan: 0 },
    ]);
  });
});
