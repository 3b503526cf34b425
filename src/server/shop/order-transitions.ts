import { eq, sql } from 'drizzle-orm';
import type { MailKind } from '../../domain/applicant-mail.js';
import type { AuditAction } from '../../domain/audit.js';
import { ORDER_MESSAGES, ORDER_STATUS_LABELS, type OrderPublic, type OrderStatus } from '../../domain/orders.js';
import { auditActor, writeAudit } from '../audit/public.js';
import { paymentBankAccount, publicBaseUrl, type Config } from '../config.js';
import type { Db } from '../db/database.js';
import { executeRows } from '../db/query-rows.js';
import { devices, merchants, type OrderRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { MailContent } from '../mail/mail-templates.js';
import { enqueueWebhookEvent, orderPaidEvent, type WebhookEventInput } from '../webhooks/public.js';
import { enqueueOrderMail, orderClosedMail, orderPageLink, orderPaidMail } from './order-mail.js';
import {
  findOrderById,
  listOrderItems,
  loadOrder,
  lockOrder,
  toOrderPublic,
  updateOrder,
  type OrderWithItems,
} from './order-repository.js';
import { releaseUnits } from './stock.js';

/**
 * Every status change of an order after its creation, each in one transaction with its audit row, its
 * units and its mail: paid (an admin's confirmation of a transfer, or Midtrans), expired (the deadline
 * job, Midtrans `expire`) and cancelled (an admin, Midtrans `cancel`/`deny`, a rejected registration).
 * Fulfilment (pack, ship, receive) is in fulfilment-service.ts, the merchant's side in merchant-orders.ts.
 *
 * Locks are always taken merchant first, then its orders (by id), then products (by id): a merchant's
 * status change moves its orders under the merchant's lock, so a payment or a shipment that reads the
 * merchant's status holds a share lock on it before it locks the order, and nothing waits in a circle.
 */
/** Only the settings the order mails read: a merchant's status change builds it from the public base URL. */
export type TransitionConfig = Pick<Config, 'PAYMENT_BANK_ACCOUNT' | 'PUBLIC_BASE_URL' | 'PORT'>;
export type TransitionDeps = { db: Db; config: TransitionConfig; now: () => Date };
export type OrderActor = { id: string | null; ip?: string | null; userAgent?: string | null };

export const notAllowed = (order: Pick<OrderRow, 'status'>) =>
  new AppError(409, 'ORDER_STATUS_CONFLICT', ORDER_MESSAGES.statusNotAllowed(ORDER_STATUS_LABELS[order.status as OrderStatus]));

const WIB_OFFSET_MS = 7 * 3_600_000;

/** The next invoice number of the payment's WIB month, `INV/YYYY/MM/NNNNN`: taken in the payment's transaction, so no gaps. */
export async function nextInvoiceNumber(tx: Db, paidAt: Date): Promise<string> {
  const period = new Date(paidAt.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 7).replace('-', '/');
  const [row] = await executeRows<{ last: number }>(
    tx,
    sql`insert into invoice_counters (period, last) values (${period}, 1)
        on conflict (period) do update set last = invoice_counters.last + 1 returning last`,
  );
  return `INV/${period}/${String(row?.last ?? 1).padStart(5, '0')}`;
}

export type PaidInput = {
  amount: number;
  paidAt: Date;
  note: string | null;
  actor: OrderActor;
  action: AuditAction;
  detail?: Record<string, unknown>;
};

/**
 * Whether the order's merchant is verified and still there: a deleted or purged registration keeps the
 * status it had, but gets no device. The caller holds its share lock (withLockedOrder).
 */
export async function merchantIsVerified(tx: Db, merchantId: string): Promise<boolean> {
  const [row] = await tx
    .select({ status: merchants.status, isDeleted: merchants.isDeleted, purgedAt: merchants.purgedAt })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return row !== undefined && row.status === 'verified' && !row.isDeleted && row.purgedAt === null;
}

/**
 * A locked unpaid order is paid, with its invoice number, audit row, mail and `order.paid` event: ready to
 * pack (`siap_dikemas`) when its merchant is verified, else waiting for the verification.
 */
export async function markPaidLocked(tx: Db, deps: TransitionDeps, order: OrderRow, input: PaidInput): Promise<OrderRow> {
  if (order.status !== 'menunggu_pembayaran') throw notAllowed(order);
  const now = deps.now();
  const invoiceNumber = await nextInvoiceNumber(tx, input.paidAt);
  const verified = await merchantIsVerified(tx, order.merchantId);
  const to = verified ? 'siap_dikemas' : 'menunggu_verifikasi';
  const paid = await updateOrder(tx, order.id, {
    status: to,
    readyAt: verified ? now : null,
    paidAt: input.paidAt,
    paidAmount: input.amount,
    paymentNote: input.note,
    invoiceNumber,
    updatedAt: now,
  });
  await recordChange(tx, deps, paid, {
    actor: input.actor,
    action: input.action,
    diff: {
      kode_pesanan: order.kodePesanan,
      from: order.status,
      to,
      jumlah: input.amount,
      invoice: invoiceNumber,
      catatan: input.note,
      ...input.detail,
    },
    mail: { kind: 'order_paid', content: (view, link) => orderPaidMail(view, link) },
    webhook: (loaded) => orderPaidEvent(loaded, now),
  });
  return paid;
}

export type CloseInput = {
  to: 'kedaluwarsa' | 'dibatalkan';
  reason: string | null;
  actor: OrderActor;
  action: AuditAction;
  /** Only an admin's cancellation (or a rejected registration) may close a paid order, which then needs a refund. */
  allowPaid: boolean;
  /** The caller already gave the units back (a rejection releases all its orders' units at once, by product). */
  unitsReleased?: boolean;
  detail?: Record<string, unknown>;
};

/** Paid orders that have not left the warehouse: these may still be cancelled (and refunded). */
const CANCELLABLE_PAID: readonly string[] = ['menunggu_verifikasi', 'siap_dikemas', 'dikemas'];

/**
 * A locked open order is closed: its units go back, a paid one is marked for refund, and a packed one's
 * devices are deleted (their serials are free again; a serial names a unit that left with an order).
 */
export async function closeLocked(tx: Db, deps: TransitionDeps, order: OrderRow, input: CloseInput): Promise<OrderRow> {
  const closable = order.status === 'menunggu_pembayaran' || (input.allowPaid && CANCELLABLE_PAID.includes(order.status));
  if (!closable) throw notAllowed(order);
  const now = deps.now();
  if (!input.unitsReleased) await releaseUnits(tx, await listOrderItems(tx, order.id));
  if (order.status === 'dikemas') await tx.delete(devices).where(eq(devices.orderId, order.id));
  const perluRefund = order.status !== 'menunggu_pembayaran';
  const closed = await updateOrder(tx, order.id, {
    status: input.to,
    perluRefund,
    updatedAt: now,
    ...(input.to === 'kedaluwarsa' ? { expiredAt: now } : { cancelledAt: now, cancelReason: input.reason }),
  });
  await recordChange(tx, deps, closed, {
    actor: input.actor,
    action: input.action,
    diff: {
      kode_pesanan: order.kodePesanan,
      from: order.status,
      to: input.to,
      alasan: input.reason,
      perlu_refund: perluRefund,
      ...input.detail,
    },
    mail: { kind: 'order_closed', content: (view, link) => orderClosedMail(view, link, input.reason) },
  });
  return closed;
}

export type Change = {
  actor: OrderActor;
  action: AuditAction;
  diff: Record<string, unknown>;
  mail?: { kind: MailKind; content: (view: OrderPublic, link: string) => MailContent };
  /** The webhook event the change raises, built from the changed order. */
  webhook?: (loaded: OrderWithItems) => WebhookEventInput;
};

/** The audit row, the buyer's mail and the webhook event of an order's new state, in the transaction that changed it. */
export async function recordChange(tx: Db, deps: TransitionDeps, order: OrderRow, change: Change): Promise<void> {
  await writeAudit(tx, {
    ...auditActor(change.actor),
    action: change.action,
    targetTable: 'orders',
    targetId: order.id,
    diff: change.diff,
  });
  if (!change.mail && !change.webhook) return;
  const loaded = await loadOrder(tx, order, { timeline: false });
  if (change.mail) {
    const view = toOrderPublic(loaded, paymentBankAccount(deps.config));
    await enqueueOrderMail(tx, {
      merchantId: order.merchantId,
      kind: change.mail.kind,
      content: change.mail.content(view, orderPageLink(publicBaseUrl(deps.config), order.kodePesanan)),
      now: deps.now(),
    });
  }
  if (change.webhook) await enqueueWebhookEvent(tx, change.webhook(loaded));
}

const orderNotFound = () => new AppError(404, 'ORDER_NOT_FOUND', ORDER_MESSAGES.orderNotFound);

/**
 * Locks the order and applies `change`; an unknown order is 404. Its merchant's row is share-locked
 * first (see the lock order above): the change may read the merchant's status, which then cannot move
 * under it, and a merchant's status change waits for it rather than deadlocking with it.
 */
export async function withLockedOrder(
  deps: TransitionDeps,
  orderId: string,
  change: (tx: Db, order: OrderRow) => Promise<OrderRow>,
): Promise<OrderRow> {
  const found = await findOrderById(deps.db, orderId);
  if (!found) throw orderNotFound();
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, found.merchantId)).for('share');
    const order = await lockOrder(tx, orderId);
    if (!order) throw orderNotFound();
    return change(tx, order);
  });
}
