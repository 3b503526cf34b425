import { eq, sql } from 'drizzle-orm';
import { ORDER_MESSAGES, ORDER_STATUS_LABELS, type OrderPublic, type OrderStatus } from '../../domain/orders.js';
import type { AuditAction } from '../../domain/audit-actions.js';
import { writeAudit } from '../audit/audit-repository.js';
import { paymentBankAccount, publicBaseUrl, type Config } from '../config.js';
import type { Db } from '../db/database.js';
import { executeRows } from '../db/query-rows.js';
import { orders, type OrderRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { MailContent } from '../mail/mail-templates.js';
import type { MailKind } from '../mail/outbox.js';
import { enqueueOrderMail, orderClosedMail, orderPageLink, orderPaidMail } from './order-mail.js';
import { listOrderItems, loadOrder, lockOrder, toOrderPublic } from './order-repository.js';
import { releaseUnits } from './stock.js';

/**
 * Every status change of an order after its creation, each in one transaction with its audit row, its
 * units and its mail: paid (an admin's confirmation of a transfer, or Midtrans), expired (the deadline
 * job, Midtrans `expire`) and cancelled (an admin, Midtrans `cancel`/`deny`).
 */
export type TransitionDeps = { db: Db; config: Config; now: () => Date };
export type OrderActor = { id: string | null; ip?: string | null; userAgent?: string | null };

const notAllowed = (order: OrderRow) => new AppError(409, 'ORDER_STATUS_CONFLICT', ORDER_MESSAGES.statusNotAllowed(ORDER_STATUS_LABELS[order.status as OrderStatus]));

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

export type PaidInput = { amount: number; paidAt: Date; note: string | null; actor: OrderActor; action: AuditAction; detail?: Record<string, unknown> };

/** A locked unpaid order becomes `dibayar`, with its invoice number, audit row and mail. */
export async function markPaidLocked(tx: Db, deps: TransitionDeps, order: OrderRow, input: PaidInput): Promise<OrderRow> {
  if (order.status !== 'menunggu_pembayaran') throw notAllowed(order);
  const now = deps.now();
  const invoiceNumber = await nextInvoiceNumber(tx, input.paidAt);
  const [row] = await tx
    .update(orders)
    .set({ status: 'dibayar', paidAt: input.paidAt, paidAmount: input.amount, paymentNote: input.note, invoiceNumber, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  const paid = row!;
  await recordChange(tx, deps, paid, {
    actor: input.actor,
    action: input.action,
    diff: { kode_pesanan: order.kodePesanan, from: order.status, to: 'dibayar', jumlah: input.amount, invoice: invoiceNumber, catatan: input.note, ...input.detail },
    mail: { kind: 'order_paid', content: (view, link) => orderPaidMail(view, link) },
  });
  return paid;
}

export type CloseInput = {
  to: 'kedaluwarsa' | 'dibatalkan';
  reason: string | null;
  actor: OrderActor;
  action: AuditAction;
  /** Only an admin's cancellation may close a paid order (which then needs a refund). */
  allowPaid: boolean;
  detail?: Record<string, unknown>;
};

/** A locked open order is closed: its units go back, a paid one is marked for refund. */
export async function closeLocked(tx: Db, deps: TransitionDeps, order: OrderRow, input: CloseInput): Promise<OrderRow> {
  const closable = order.status === 'menunggu_pembayaran' || (input.allowPaid && order.status === 'dibayar');
  if (!closable) throw notAllowed(order);
  const now = deps.now();
  const items = await listOrderItems(tx, order.id);
  await releaseUnits(tx, items);
  const perluRefund = order.status === 'dibayar';
  const [row] = await tx
    .update(orders)
    .set({
      status: input.to,
      perluRefund,
      updatedAt: now,
      ...(input.to === 'kedaluwarsa' ? { expiredAt: now } : { cancelledAt: now, cancelReason: input.reason }),
    })
    .where(eq(orders.id, order.id))
    .returning();
  const closed = row!;
  await recordChange(tx, deps, closed, {
    actor: input.actor,
    action: input.action,
    diff: { kode_pesanan: order.kodePesanan, from: order.status, to: input.to, alasan: input.reason, perlu_refund: perluRefund, ...input.detail },
    mail: { kind: 'order_closed', content: (view, link) => orderClosedMail(view, link, input.reason) },
  });
  return closed;
}

type Change = {
  actor: OrderActor;
  action: AuditAction;
  diff: Record<string, unknown>;
  mail: { kind: MailKind; content: (view: OrderPublic, link: string) => MailContent };
};

/** The audit row and the buyer's mail of an order's new state, in the transaction that changed it. */
async function recordChange(tx: Db, deps: TransitionDeps, order: OrderRow, change: Change): Promise<void> {
  await writeAudit(tx, {
    actorId: change.actor.id,
    action: change.action,
    targetTable: 'orders',
    targetId: order.id,
    diff: change.diff,
    ip: change.actor.ip ?? null,
    userAgent: change.actor.userAgent ?? null,
  });
  const view = toOrderPublic(await loadOrder(tx, order), paymentBankAccount(deps.config));
  await enqueueOrderMail(tx, {
    merchantId: order.merchantId,
    kind: change.mail.kind,
    content: change.mail.content(view, orderPageLink(publicBaseUrl(deps.config), order.kodePesanan)),
    now: deps.now(),
  });
}

/** Locks the order and applies `change`; an unknown order is 404. */
export async function withLockedOrder(deps: TransitionDeps, orderId: string, change: (tx: Db, order: OrderRow) => Promise<OrderRow>): Promise<OrderRow> {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError(404, 'ORDER_NOT_FOUND', ORDER_MESSAGES.orderNotFound);
    return change(tx, order);
  });
}
