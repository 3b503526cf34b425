import { and, count, eq, sql } from 'drizzle-orm';
import type { AdminStats, ReviewerStats } from '../../domain/workbench.js';
import { queryRows, type Db } from '../db/query-rows.js';
import { merchants } from '../db/schema.js';
import { wibDay } from '../db/wib-day.js';
import { workingDaysBetween } from '../shared/working-days.js';

/**
 * Open cases grouped by the WIB day their wait started, in SQL: a few hundred (day, count) pairs whose
 * working days the calendar module counts, however many merchants wait.
 */
async function waitingTotal(db: Db, status: 'processing' | 'data_tidak_lengkap', today: string) {
  // Waiting for us counts from the queue's (paused-aware) start; for the applicant from the fix request
  // (rows from before waiting_since existed: their last change).
  const since = status === 'processing' ? merchants.queuedAt : sql`coalesce(${merchants.waitingSince}, ${merchants.updatedAt})`;
  const day = wibDay(since as typeof merchants.queuedAt);
  const rows = await db
    .select({ day: sql<string>`${day}::text`, n: count() })
    .from(merchants)
    .where(and(eq(merchants.status, status), eq(merchants.isDeleted, false)))
    .groupBy(day);
  let total = 0;
  let days = 0;
  for (const row of rows) {
    total += Number(row.n);
    days += Number(row.n) * workingDaysBetween(row.day, today);
  }
  return { merchant: total, hari_kerja: days };
}

export async function waitingTotals(db: Db, today: string): Promise<AdminStats['menunggu']> {
  const [pendaftar, kami] = await Promise.all([waitingTotal(db, 'data_tidak_lengkap', today), waitingTotal(db, 'processing', today)]);
  return { pendaftar, kami };
}

// Each decision's claim is the latest claim row of that merchant before it (taken, taken over or
// assigned); the lateral read walks audit_logs_target_idx backwards from the decision.
const REVIEWER_SQL = `
with decisions as (
  select d.actor_id, d.diff->>'to' as status, d.created_at,
    (select c.created_at from audit_logs c
      where c.target_table = 'merchants' and c.target_id = d.target_id
        and c.action in ('claim_taken', 'claim_takeover', 'claim_assigned') and c.created_at <= d.created_at
      order by c.created_at desc limit 1) as claimed_at
  from audit_logs d
  where d.action = 'status_change' and d.actor_id is not null and d.target_table = 'merchants' and d.created_at >= $1
)
select decisions.actor_id::text as "adminId", users.email as "email",
  count(*) filter (where decisions.status in ('verified', 'rejected'))::int as "keputusan",
  count(*) filter (where decisions.status = 'data_tidak_lengkap')::int as "perbaikan",
  percentile_cont(0.5) within group (order by extract(epoch from decisions.created_at - decisions.claimed_at) / 60)
    filter (where decisions.status in ('verified', 'rejected') and decisions.claimed_at is not null) as "median"
from decisions left join users on users.id = decisions.actor_id
group by decisions.actor_id, users.email
order by 3 desc, 2`;

type ReviewerRow = { adminId: string; email: string | null; keputusan: number; perbaikan: number; median: number | string | null };

/** Per reviewer since `from`: decisions, the median minutes from claim to decision, fix requests sent. */
export async function reviewerStats(db: Db, from: Date): Promise<ReviewerStats[]> {
  const rows = await queryRows<ReviewerRow>(db, REVIEWER_SQL, [from.toISOString()]);
  return rows.map((row) => ({
    admin_id: row.adminId,
    email: row.email,
    keputusan: Number(row.keputusan),
    median_klaim_menit: row.median === null ? null : Math.round(Number(row.median) * 10) / 10,
    permintaan_perbaikan: Number(row.perbaikan),
  }));
}
