import { createHash, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ORDER_MESSAGES } from '../../domain/orders.js';
import { writeAudit } from '../audit/public.js';
import type { Db } from '../db/database.js';
import { orders, type OrderRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { findOrderByCode } from './order-repository.js';
import { closeLocked, markPaidLocked, withLockedOrder, type TransitionDeps } from './order-transitions.js';

/**
 * Midtrans' HTTP notification (the payment's status pushed to us). Only the fields we read are named:
 * Midtrans sends many more (va_numbers, merchant_id, currency, ...), and a new one must never turn a
 * payment into a 400 that Midtrans retries forever.
 */
const optionalText = z.string().max(200).nullish();
export const MidtransNotificationSchema = z.looseObject({
  order_id: z.string().min(1).max(100),
  status_code: z.string().min(1).max(10),
  gross_amount: z.string().min(1).max(30),
  signature_key: z.string().min(1).max(256),
  transaction_status: z.string().min(1).max(50),
  fraud_status: optionalText,
  payment_type: optionalText,
  transaction_id: optionalText,
  transaction_time: optionalText,
  settlement_time: optionalText,
});
export type MidtransNotification = z.infer<typeof MidtransNotificationSchema>;

// Only Midtrans reads these answers; they live here rather than in the shared order messages.
export const MIDTRANS_MESSAGES = {
  invalidSignature: 'Tanda tangan notifikasi Midtrans tidak valid.',
  amountMismatch: 'Jumlah pembayaran tidak sama dengan total pesanan.',
  notMidtransOrder: 'Pesanan ini tidak dibayar melalui Midtrans.',
  cancelled: 'Pembayaran Midtrans dibatalkan',
  denied: 'Pembayaran Midtrans ditolak',
} as const;

/** signature_key as Midtrans computes it: SHA-512 hex of order_id + status_code + gross_amount + server key. */
export function midtransSignature(orderId: string, statusCode: string, grossAmount: string, serverKey: string): string {
  return createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${serverKey}`).digest('hex');
}

function signatureMatches(notification: MidtransNotification, serverKey: string): boolean {
  const expected = Buffer.from(midtransSignature(notification.order_id, notification.status_code, notification.gross_amount, serverKey));
  const given = Buffer.from(notification.signature_key.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** "350000.00" -> 350000; null for anything that is not a whole number of rupiah. */
export function parseGrossAmount(value: string): number | null {
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match || /[1-9]/.test(match[2] ?? '')) return null;
  return Number(match[1]);
}

/** Midtrans writes times as "YYYY-MM-DD HH:mm:ss" in Jakarta time (WIB, UTC+7). */
export function parseMidtransTime(value: string | null | undefined): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const date = new Date(`${match[1]}T${match[2]}+07:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

type Outcome =
  | { kind: 'paid' }
  | { kind: 'close'; to: 'kedaluwarsa' | 'dibatalkan'; reason: string | null; action: 'order_expired' | 'order_cancelled' }
  | { kind: 'none' };

/** What a transaction status means for the order; everything else (pending, challenge, refund, ...) changes nothing. */
export function outcomeOf(notification: MidtransNotification): Outcome {
  const fraud = notification.fraud_status ?? 'accept';
  switch (notification.transaction_status) {
    case 'settlement':
      return { kind: 'paid' };
    case 'capture':
      // A card payment under fraud review ('challenge') is settled or denied by a later notification.
      return fraud === 'accept' ? { kind: 'paid' } : { kind: 'none' };
    case 'expire':
      return { kind: 'close', to: 'kedaluwarsa', reason: null, action: 'order_expired' };
    case 'cancel':
      return { kind: 'close', to: 'dibatalkan', reason: MIDTRANS_MESSAGES.cancelled, action: 'order_cancelled' };
    case 'deny':
      return { kind: 'close', to: 'dibatalkan', reason: MIDTRANS_MESSAGES.denied, action: 'order_cancelled' };
    default:
      return { kind: 'none' };
  }
}

export type NotificationResult = {
  order: OrderRow;
  /** False for a repeat, a status that changes nothing, or one that arrives after the order was closed or paid. */
  changed: boolean;
  /** Money reported for an order that is no longer waiting for it: someone must look (refund or reopen). */
  paidAfterClose: boolean;
};

/** The order the notification is about, after the signature, method and amount checks. */
async function notifiedOrder(db: Db, notification: MidtransNotification, serverKey: string): Promise<OrderRow> {
  // The signature comes first: an unsigned request learns nothing, not even whether an order exists.
  if (!signatureMatches(notification, serverKey)) throw new AppError(403, 'INVALID_SIGNATURE', MIDTRANS_MESSAGES.invalidSignature);
  const order = await findOrderByCode(db, notification.order_id);
  if (!order) throw new AppError(404, 'ORDER_NOT_FOUND', ORDER_MESSAGES.orderNotFound);
  if (order.metodePembayaran !== 'midtrans') throw new AppError(409, 'ORDER_NOT_MIDTRANS', MIDTRANS_MESSAGES.notMidtransOrder);
  if (parseGrossAmount(notification.gross_amount) !== order.total)
    throw new AppError(400, 'AMOUNT_MISMATCH', MIDTRANS_MESSAGES.amountMismatch);
  return order;
}

async function applyOutcome(
  tx: Db,
  deps: TransitionDeps,
  order: OrderRow,
  notification: MidtransNotification,
  outcome: Outcome,
): Promise<OrderRow> {
  const detail = {
    transaction_status: notification.transaction_status,
    payment_type: notification.payment_type ?? null,
    transaction_id: notification.transaction_id ?? null,
  };
  const actor = { id: null };
  const changed =
    outcome.kind === 'paid'
      ? await markPaidLocked(tx, deps, order, {
          amount: order.total,
          paidAt: parseMidtransTime(notification.settlement_time) ?? parseMidtransTime(notification.transaction_time) ?? deps.now(),
          note: null,
          actor,
          action: 'order_payment_notification',
          detail,
        })
      : outcome.kind === 'close'
        ? await closeLocked(tx, deps, order, {
            to: outcome.to,
            reason: outcome.reason,
            actor,
            action: outcome.action,
            allowPaid: false,
            detail,
          })
        : order;
  const [row] = await tx.update(orders).set({ midtransStatus: notification.transaction_status }).where(eq(orders.id, order.id)).returning();
  return row ?? changed;
}

/**
 * Applies one verified notification. Only an order still waiting for payment changes, under its row
 * lock: Midtrans retries and may send statuses out of order, so a repeat, or an `expire` after the
 * settlement, finds the order already moved and changes nothing (no second audit row, mail or release).
 */
export async function handleMidtransNotification(
  deps: TransitionDeps,
  serverKey: string,
  notification: MidtransNotification,
): Promise<NotificationResult> {
  const found = await notifiedOrder(deps.db, notification, serverKey);
  const outcome = outcomeOf(notification);
  let changed = false;
  let paidAfterClose = false;
  const order = await withLockedOrder(deps, found.id, async (tx, locked) => {
    if (outcome.kind === 'none') return locked;
    if (locked.status !== 'menunggu_pembayaran') {
      paidAfterClose = outcome.kind === 'paid' && (locked.status === 'kedaluwarsa' || locked.status === 'dibatalkan');
      // Money for an order already expired or cancelled: the team must give it back. Flagged (and
      // audited) once; a repeat of the same notification finds the flag set and changes nothing.
      if (paidAfterClose && !locked.perluRefund) {
        changed = true;
        return flagRefund(tx, locked, notification);
      }
      return locked;
    }
    changed = true;
    return applyOutcome(tx, deps, locked, notification, outcome);
  });
  return { order, changed, paidAfterClose };
}

async function flagRefund(tx: Db, order: OrderRow, notification: MidtransNotification): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ perluRefund: true, midtransStatus: notification.transaction_status })
    .where(eq(orders.id, order.id))
    .returning();
  await writeAudit(tx, {
    actorId: null,
    action: 'order_payment_notification',
    targetTable: 'orders',
    targetId: order.id,
    diff: {
      kode_pesanan: order.kodePesanan,
      transaction_status: notification.transaction_status,
      transaction_id: notification.transaction_id ?? null,
      status: order.status,
      perlu_refund: true,
      catatan: 'Pembayaran diterima setelah pesanan ditutup',
    },
  });
  return row ?? order;
}
