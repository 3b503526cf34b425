import { and, count, eq, gte, isNotNull, sql, type SQL } from 'drizzle-orm';
import { MERCHANT_STATUSES } from '../../domain/vocabularies.js';
import { SLA_OVERDUE_AFTER_DAYS, STATS_DAYS, type AdminStats } from '../../domain/workbench.js';
import type { Db } from '../db/database.js';
import { auditLogs, merchantCounts, merchants } from '../db/schema.js';
import { wibDay } from '../db/wib-day.js';
import { addDays, ageCutoff, jakartaDay, jakartaDayStart, workingDaysBetween } from '../shared/working-days.js';
import { reviewerStats, waitingTotals } from './reviewer-stats.js';

/** The grouped day as 'YYYY-MM-DD' text: node-postgres would turn a date into a local-time Date. */
const asText = (day: SQL) => sql<string>`${day}::text`;
/** Days from `firstDay` on, on the indexed day expression itself: the range is read from the index. */
const fromDay = (day: SQL, firstDay: string) => sql`${day} >= ${firstDay}::date`;

/** Live merchants per status: the counters migration 0002's triggers keep exact. */
async function countByStatus(db: Db): Promise<AdminStats['by_status']> {
  const rows = await db.select({ status: merchantCounts.status, n: merchantCounts.n }).from(merchantCounts);
  const byStatus = Object.fromEntries(MERCHANT_STATUSES.map((status) => [status, 0])) as AdminStats['by_status'];
  for (const row of rows) if (row.status in byStatus) byStatus[row.status as keyof AdminStats['by_status']] = Number(row.n ?? 0);
  return byStatus;
}

/**
 * Overdue: processing merchants queued before the cut-off instant. Counted as all processing (the exact
 * counter) minus those queued since the cut-off, a range of a few days of the queue index: the overdue
 * themselves may be most of the table (a backlog), the recent ones never are.
 */
async function countOverdue(db: Db, now: Date, processing: number): Promise<number> {
  const cutoff = ageCutoff(now, SLA_OVERDUE_AFTER_DAYS);
  const [row] = await db
    .select({ n: count() })
    .from(merchants)
    .where(and(eq(merchants.status, 'processing'), eq(merchants.isDeleted, false), gte(merchants.queuedAt, cutoff)));
  return Math.max(0, processing - Number(row?.n ?? 0));
}

/**
 * Registrations (live merchants by submission day) and decisions (status changes away from processing) per
 * WIB day, each counted from an index on the day itself (migration 0008): at a million merchants the last
 * 30 days are some 80,000 index entries, never a heap row.
 */
async function perDay(db: Db, firstDay: string, today: string): Promise<AdminStats['per_day']> {
  const registrationDay = wibDay(merchants.submittedAt);
  const decisionDay = wibDay(auditLogs.createdAt);
  const registrations = db
    .select({ kind: sql<string>`'r'`.as('kind'), day: asText(registrationDay).as('day'), n: count().as('n') })
    .from(merchants)
    .where(and(eq(merchants.isDeleted, false), fromDay(registrationDay, firstDay)))
    .groupBy(registrationDay);
  const decisions = db
    .select({ kind: sql<string>`'d'`.as('kind'), day: asText(decisionDay).as('day'), n: count().as('n') })
    .from(auditLogs)
    // Literals, as in the index's predicate: PostgreSQL proves the partial index applies from the query text.
    .where(
      and(
        sql`${auditLogs.action} = 'status_change' and coalesce(${auditLogs.diff}->>'to', '') <> 'processing'`,
        fromDay(decisionDay, firstDay),
      ),
    )
    .groupBy(decisionDay);
  const rows = await registrations.unionAll(decisions);
  const days = new Map<string, { registrations: number; decisions: number }>();
  for (let day = firstDay; day <= today; day = addDays(day, 1)) days.set(day, { registrations: 0, decisions: 0 });
  for (const row of rows) {
    const entry = days.get(row.day);
    if (!entry) continue;
    if (row.kind === 'r') entry.registrations += Number(row.n);
    else entry.decisions += Number(row.n);
  }
  return [...days].map(([date, entry]) => ({ date, ...entry }));
}

/** The p-th percentile (0-1) of a weighted sorted list, linear between neighbours like percentile_cont. */
function percentileOf(values: { value: number; weight: number }[], p: number): number | null {
  const total = values.reduce((n, v) => n + v.weight, 0);
  if (total === 0) return null;
  const at = (rank: number) => {
    let seen = 0;
    for (const v of values) {
      seen += v.weight;
      if (rank < seen) return v.value;
    }
    return values[values.length - 1]!.value;
  };
  const position = p * (total - 1);
  const lower = Math.floor(position);
  const fraction = position - lower;
  return at(lower) + (fraction === 0 ? 0 : (at(lower + 1) - at(lower)) * fraction);
}

/**
 * Working days from submission to the first decision, over merchants first decided in the window: the rows
 * are grouped by (WIB submission day, WIB decision day) in SQL, so however many merchants, the answer is a few
 * hundred pairs whose working days the calendar module counts (decision 0022).
 */
async function decisionWorkingDays(db: Db, firstDay: string): Promise<AdminStats['decision_working_days']> {
  const submittedDay = wibDay(merchants.submittedAt);
  const decidedDay = wibDay(merchants.firstDecidedAt);
  const rows = await db
    .select({ submitted: asText(submittedDay), decided: asText(decidedDay), n: count() })
    .from(merchants)
    // Deleted merchants too: their decisions were made, and the filter would cost the index-only scan.
    .where(and(isNotNull(merchants.firstDecidedAt), fromDay(decidedDay, firstDay)))
    .groupBy(decidedDay, submittedDay);
  const values = rows
    .map((row) => ({ value: workingDaysBetween(row.submitted, row.decided), weight: Number(row.n) }))
    .sort((a, b) => a.value - b.value);
  const round = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
  return { median: round(percentileOf(values, 0.5)), p90: round(percentileOf(values, 0.9)) };
}

/** GET /api/admin/stats: three queries side by side, then the overdue count from the processing total. */
export async function adminStats(db: Db, now: Date): Promise<AdminStats> {
  const today = jakartaDay(now);
  const firstDay = addDays(today, -(STATS_DAYS - 1));
  const [byStatus, days, decision] = await Promise.all([countByStatus(db), perDay(db, firstDay, today), decisionWorkingDays(db, firstDay)]);
  const overdue = await countOverdue(db, now, byStatus.processing);
  const [menunggu, perReviewer] = await Promise.all([waitingTotals(db, today), reviewerStats(db, jakartaDayStart(firstDay))]);
  return { by_status: byStatus, overdue, per_day: days, decision_working_days: decision, menunggu, per_reviewer: perReviewer };
}
