import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { auditActor, writeAudits } from '../audit/public.js';
import type { Db } from '../db/database.js';
import { orderItems, orders, type MerchantRow, type OrderRow } from '../db/schema.js';
import { enqueueWebhookEvent, merchantStatusChangedEvent } from '../webhooks/public.js';
import { closeLocked, type OrderActor, type TransitionConfig } from './order-transitions.js';
import { releaseUnits } from './stock.js';

/**
 * What a registration's status change does to its orders, inside the transaction that changes the status
 * (every path: the status dialog, the profile form, a resubmission), which already holds the merchant's
 * row lock. A device is never shipped to a merchant that is not verified:
 * - to `verified`: paid orders waiting for it become ready to pack;
 * - to `rejected`: every order not yet shipped is cancelled (paid ones for refund), its units released
 *   and a packed one's devices deleted, so their serials are free again;
 * - away from `verified` to another review status: ready orders wait for the verification again (packed
 *   ones stay packed: shipping checks the merchant's status itself).
 * Orders are locked in id order, so two such changes, or one and an admin's action, cannot deadlock.
 * A deletion of the registration (and a purge of its data) cancels its unshipped orders the same way
 * as a rejection (cancelUnshippedOrders), with its own reason.
 * Returns the ids of the orders it changed, for the admin screens' live refresh.
 */

export const REJECTED_REASON = 'Pendaftaran merchant ditolak';
/** The reason an admin's deletion of a registration gives its open orders. */
export const DELETED_REASON = 'Pendaftaran merchant dihapus';
/** The reason a purge (retention or the applicant's erasure) gives the open orders it finds. */
export const PURGED_REASON = 'Data pendaftaran merchant dihapus permanen';

export type MerchantStatusEffect = {
  merchant: Pick<MerchantRow, 'id' | 'kodePendaftaran' | 'namaToko'>;
  from: string;
  to: string;
  actor: OrderActor;
  now: Date;
  /** What the cancellation mails need: the public base URL (and the bank account their view carries). */
  config: TransitionConfig;
};

/**
 * What the order mails of a status change need when the caller has only the public base URL (a
 * resubmission, a test): the links are right, and a cancellation mail shows no bank account anyway.
 */
export const orderMailConfig = (baseUrl: string): TransitionConfig => ({
  PUBLIC_BASE_URL: baseUrl || undefined,
  PORT: 0,
  PAYMENT_BANK_ACCOUNT: '',
});

const UNSHIPPED = ['menunggu_pembayaran', 'menunggu_verifikasi', 'siap_dikemas', 'dikemas'];

async function lockMerchantOrders(tx: Db, merchantIds: readonly string[], statuses: readonly string[]): Promise<OrderRow[]> {
  if (merchantIds.length === 0) return [];
  return tx
    .select()
    .from(orders)
    .where(
      and(
        merchantIds.length === 1 ? eq(orders.merchantId, merchantIds[0]!) : inArray(orders.merchantId, [...merchantIds]),
        inArray(orders.status, [...statuses]),
      ),
    )
    .orderBy(asc(orders.id))
    .for('update');
}

/** Moves locked orders between `menunggu_verifikasi` and `siap_dikemas`, one audit row each. */
async function moveOrders(tx: Db, effect: MerchantStatusEffect, from: 'menunggu_verifikasi' | 'siap_dikemas'): Promise<string[]> {
  const locked = await lockMerchantOrders(tx, [effect.merchant.id], [from]);
  if (locked.length === 0) return [];
  const ready = from === 'menunggu_verifikasi';
  const to = ready ? 'siap_dikemas' : 'menunggu_verifikasi';
  const ids = locked.map((order) => order.id);
  await tx
    .update(orders)
    .set({ status: to, readyAt: ready ? effect.now : null, updatedAt: effect.now })
    .where(inArray(orders.id, ids));
  await writeAudits(
    tx,
    locked.map((order) => ({
      ...auditActor(effect.actor),
      action: ready ? 'order_ready' : 'order_awaiting_verification',
      targetTable: 'orders',
      targetId: order.id,
      diff: { kode_pesanan: order.kodePesanan, from, to, alasan: `Status merchant ${effect.from} \u2192 ${effect.to}` },
    })),
  );
  return ids;
}

export type OrderCancellation = {
  merchantIds: readonly string[];
  reason: string;
  actor: OrderActor;
  now: Date;
  config: TransitionConfig;
};

/**
 * Every unshipped order of these merchants is cancelled (paid ones for refund, a packed one's devices
 * deleted). The units of all of them go back first, summed per product and in product order (one lock
 * per product row, in the order every stock change takes them). The caller holds the merchants' row
 * locks: a rejection, a deletion, a purge. Returns the ids of the cancelled orders.
 */
export async function cancelUnshippedOrders(tx: Db, cancellation: OrderCancellation): Promise<string[]> {
  const locked = await lockMerchantOrders(tx, cancellation.merchantIds, UNSHIPPED);
  if (locked.length === 0) return [];
  const ids = locked.map((order) => order.id);
  const lines = await tx
    .select({ productId: orderItems.productId, quantity: sql<number>`sum(${orderItems.quantity})::int`.mapWith(Number) })
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .groupBy(orderItems.productId);
  await releaseUnits(tx, lines);
  const deps = { db: tx, config: cancellation.config, now: () => cancellation.now };
  for (const order of locked) {
    await closeLocked(tx, deps, order, {
      to: 'dibatalkan',
      reason: cancellation.reason,
      actor: cancellation.actor,
      action: 'order_cancelled',
      allowPaid: true,
      unitsReleased: true,
    });
  }
  return ids;
}

/** The orders' side of a status change, and its `merchant.status_changed` webhook event. */
export async function applyMerchantStatusToOrders(tx: Db, effect: MerchantStatusEffect): Promise<string[]> {
  if (effect.from === effect.to) return [];
  await enqueueWebhookEvent(tx, merchantStatusChangedEvent(effect.merchant, { from: effect.from, to: effect.to }, effect.now));
  if (effect.to === 'verified') return moveOrders(tx, effect, 'menunggu_verifikasi');
  if (effect.to === 'rejected') {
    return cancelUnshippedOrders(tx, {
      merchantIds: [effect.merchant.id],
      reason: REJECTED_REASON,
      actor: effect.actor,
      now: effect.now,
      config: effect.config,
    });
  }
  if (effect.from === 'verified') return moveOrders(tx, effect, 'siap_dikemas');
  return [];
}
