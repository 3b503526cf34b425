import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { COURIER_LABELS, type Courier } from '../../domain/order-texts.js';
import type { TimelineEntry } from '../../domain/orders.js';
import type { Db } from '../db/database.js';
import { auditLogs, fixRequests, merchants, orders, type OrderRow } from '../db/schema.js';

/**
 * The merchant's one timeline (order page, status page): the registration's steps, then those of one
 * order, in TIMELINE_STEPS order. A step not reached yet has `at` null; steps that did not happen (a fix
 * request, waiting for verification) are left out, and a closed order ends with its closing step.
 * Built from a few indexed reads: the merchant row, its status_change audit rows (audit_logs_target_idx),
 * its newest fix request (fix_requests_merchant_idx) and, for an order, whether it ever waited.
 */

export type RegistrationFacts = {
  status: string;
  submittedAt: Date;
  firstDecidedAt: Date | null;
  updatedAt: Date;
  /** The first status_change to `verified` and the last to `rejected`. */
  verifiedAt: Date | null;
  rejectedAt: Date | null;
  /** The newest fix request, if the admin ever asked for one. */
  fix: { requestedAt: Date; sentAt: Date | null } | null;
};

export type OrderFacts = Pick<
  OrderRow,
  'status' | 'createdAt' | 'paidAt' | 'packedAt' | 'shippedAt' | 'deliveredAt' | 'kurir' | 'noResi' | 'expiredAt' | 'cancelledAt'
> & {
  /** Paid while its merchant was not verified (now or at some time): the `menunggu_verifikasi` step. */
  waited: boolean;
};

const iso = (date: Date | null | undefined): string | null => date?.toISOString() ?? null;

export function registrationSteps(facts: RegistrationFacts): TimelineEntry[] {
  const steps: TimelineEntry[] = [{ step: 'pendaftaran_diterima', at: iso(facts.submittedAt) }];
  if (facts.fix) {
    steps.push({ step: 'perbaikan_diminta', at: iso(facts.fix.requestedAt) });
    // A request the admin overtook with a decision was never answered: no resubmission step for it.
    if (facts.fix.sentAt || facts.status === 'data_tidak_lengkap') steps.push({ step: 'perbaikan_dikirim', at: iso(facts.fix.sentAt) });
  }
  if (facts.status === 'rejected') {
    if (facts.verifiedAt) steps.push({ step: 'diverifikasi', at: iso(facts.verifiedAt) });
    steps.push({ step: 'ditolak', at: iso(facts.rejectedAt ?? facts.updatedAt) });
  } else {
    // Verified again after a step back counts from the first time; a registration back in review is not verified.
    const at = facts.status === 'verified' ? (facts.verifiedAt ?? facts.firstDecidedAt ?? facts.updatedAt) : null;
    steps.push({ step: 'diverifikasi', at: iso(at) });
  }
  return steps;
}

export function shipmentDetail(kurir: string | null, noResi: string | null): string | null {
  if (!kurir || !noResi) return null;
  return `${COURIER_LABELS[kurir as Courier] ?? kurir} · resi ${noResi}`;
}

export function orderSteps(order: OrderFacts): TimelineEntry[] {
  const steps: TimelineEntry[] = [
    { step: 'pesanan_dibuat', at: iso(order.createdAt) },
    { step: 'dibayar', at: iso(order.paidAt) },
  ];
  if (order.waited) steps.push({ step: 'menunggu_verifikasi', at: iso(order.paidAt) });
  steps.push(
    { step: 'dikemas', at: iso(order.packedAt) },
    { step: 'dikirim', at: iso(order.shippedAt), detail: order.shippedAt ? shipmentDetail(order.kurir, order.noResi) : null },
    { step: 'diterima', at: iso(order.deliveredAt) },
  );
  if (order.status === 'kedaluwarsa' || order.status === 'dibatalkan') {
    // The story ends here: what was reached, then the closing step; nothing later is waiting.
    const reached = steps.filter((entry) => entry.at !== null);
    const closedAt = order.status === 'kedaluwarsa' ? order.expiredAt : order.cancelledAt;
    return [...reached, { step: order.status, at: iso(closedAt ?? order.createdAt) }];
  }
  return steps;
}

export function buildTimeline(registration: RegistrationFacts, order: OrderFacts | null): TimelineEntry[] {
  return [...registrationSteps(registration), ...(order ? orderSteps(order) : [])];
}

/** What the registration's steps need, or null for an unknown merchant. */
export async function loadRegistrationFacts(db: Db, merchantId: string): Promise<RegistrationFacts | null> {
  const decisions = and(eq(auditLogs.targetTable, 'merchants'), eq(auditLogs.targetId, merchantId), eq(auditLogs.action, 'status_change'));
  const [[merchant], [decided], [fix]] = await Promise.all([
    db
      .select({
        status: merchants.status,
        submittedAt: merchants.submittedAt,
        firstDecidedAt: merchants.firstDecidedAt,
        updatedAt: merchants.updatedAt,
      })
      .from(merchants)
      .where(eq(merchants.id, merchantId))
      .limit(1),
    db
      .select({
        verifiedAt: sql`min(${auditLogs.createdAt}) filter (where ${auditLogs.diff}->>'to' = 'verified')`.mapWith(auditLogs.createdAt),
        rejectedAt: sql`max(${auditLogs.createdAt}) filter (where ${auditLogs.diff}->>'to' = 'rejected')`.mapWith(auditLogs.createdAt),
      })
      .from(auditLogs)
      .where(decisions),
    db
      .select({ requestedAt: fixRequests.createdAt, sentAt: fixRequests.usedAt })
      .from(fixRequests)
      .where(eq(fixRequests.merchantId, merchantId))
      .orderBy(desc(fixRequests.createdAt))
      .limit(1),
  ]);
  if (!merchant) return null;
  return {
    ...merchant,
    verifiedAt: (decided?.verifiedAt as Date | null | undefined) ?? null,
    rejectedAt: (decided?.rejectedAt as Date | null | undefined) ?? null,
    fix: fix ?? null,
  };
}

/** Whether the order ever went to `menunggu_verifikasi` (paid before its merchant was verified). */
async function orderWaited(db: Db, order: Pick<OrderRow, 'id' | 'status'>): Promise<boolean> {
  if (order.status === 'menunggu_verifikasi') return true;
  const rows = await db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(
      and(eq(auditLogs.targetTable, 'orders'), eq(auditLogs.targetId, order.id), sql`${auditLogs.diff}->>'to' = 'menunggu_verifikasi'`),
    )
    .limit(1);
  return rows.length > 0;
}

/** The order page's timeline: the registration's steps and this order's. */
export async function loadOrderTimeline(db: Db, order: OrderRow): Promise<TimelineEntry[]> {
  const [registration, waited] = await Promise.all([loadRegistrationFacts(db, order.merchantId), orderWaited(db, order)]);
  if (!registration) return orderSteps({ ...order, waited });
  return buildTimeline(registration, { ...order, waited });
}

/**
 * The status page's timeline for a registration (by its code, as stored): its steps, then those of its
 * newest order that is still going or done (not expired or cancelled), if any. Only for the askers who
 * proved the registration is theirs; the code-only lookup never calls this.
 */
export async function loadRegistrationTimeline(db: Db, kodePendaftaran: string): Promise<TimelineEntry[] | null> {
  const [merchant] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.kodePendaftaran, kodePendaftaran), eq(merchants.isDeleted, false)))
    .limit(1);
  if (!merchant) return null;
  const [registration, [order]] = await Promise.all([
    loadRegistrationFacts(db, merchant.id),
    // orders_merchant_idx, newest first (nulls last as the index was built).
    db
      .select()
      .from(orders)
      .where(and(eq(orders.merchantId, merchant.id), notInArray(orders.status, ['kedaluwarsa', 'dibatalkan'])))
      .orderBy(sql`${orders.createdAt} desc nulls last`)
      .limit(1),
  ]);
  if (!registration) return null;
  return buildTimeline(registration, order ? { ...order, waited: await orderWaited(db, order) } : null);
}
