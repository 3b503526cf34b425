import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { executeRows } from '../db/query-rows.js';
import { orders } from '../db/schema.js';
import { closeLocked, type TransitionDeps } from './order-transitions.js';

const BATCH = 100;
// Any fixed number shared by every instance (and unlike the retention job's): the one that holds it runs
// the pass, the others skip it.
const EXPIRY_LOCK = 728_310_128;

export type ExpiredOrder = { id: string; merchantId: string };

/** One batch in one transaction; an empty batch when another instance holds the lock. */
async function expireBatch(deps: TransitionDeps): Promise<ExpiredOrder[]> {
  return deps.db.transaction(async (tx) => {
    const [lock] = await executeRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${EXPIRY_LOCK}) as locked`);
    if (!lock?.locked) return [];
    const due = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'menunggu_pembayaran'), lte(orders.batasWaktu, deps.now())))
      .orderBy(asc(orders.batasWaktu))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    for (const order of due) {
      await closeLocked(tx, deps, order, {
        to: 'kedaluwarsa',
        reason: null,
        actor: { id: null },
        action: 'order_expired',
        allowPaid: false,
      });
    }
    return due.map((order) => ({ id: order.id, merchantId: order.merchantId }));
  });
}

/**
 * Unpaid orders past `batas_waktu` become `kedaluwarsa`: units released, audit row and notice queued, each
 * batch in one transaction. An order being paid at this moment is locked by its payment and skipped; the
 * next pass sees it paid.
 */
export async function expireDueOrders(deps: TransitionDeps): Promise<ExpiredOrder[]> {
  const expired: ExpiredOrder[] = [];
  for (;;) {
    const batch = await expireBatch(deps);
    expired.push(...batch);
    if (batch.length < BATCH) return expired;
    // On the embedded database every statement runs on this thread: between batches, requests get their turn.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The deadline job: unpaid orders past `batas_waktu` become `kedaluwarsa` and release their units. */
export function registerOrderExpiry(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let closing = false;

  const pass = async () => {
    const expired = await expireDueOrders(app.deps);
    if (expired.length === 0) return;
    app.log.info({ count: expired.length }, 'unpaid orders past their payment deadline expired');
    app.outbox.wake();
    // After the commit: a lost announcement only delays an admin screen's refresh.
    await Promise.all(
      expired.map((order) =>
        app.deps.events
          .publish({ kind: 'order_changed', merchant_id: order.merchantId, order_id: order.id })
          .catch((error: unknown) => app.log.error({ err: error }, 'event publish failed')),
      ),
    );
  };

  // A pass still running when the next tick comes is left to finish: passes never overlap.
  const run = () => {
    if (running || closing) return;
    running = pass()
      .catch((error: unknown) => app.log.error({ err: error }, 'order expiry pass failed'))
      .finally(() => {
        running = null;
      });
  };

  app.addHook('onReady', async () => {
    timer = setInterval(run, app.deps.config.ORDER_EXPIRY_INTERVAL_MS);
    timer.unref();
    run();
  });
  // The database closes after the app: a running pass finishes first.
  app.addHook('onClose', async () => {
    closing = true;
    if (timer) clearInterval(timer);
    await running;
  });
}
