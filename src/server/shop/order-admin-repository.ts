import { and, count, eq, gte, ilike, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '../../domain/audit.js';
import { formatRupiah } from '../../domain/format.js';
import {
  ORDER_PAGE_SIZE,
  PAYMENT_METHOD_LABELS,
  type OrderAdminDetail,
  type OrderList,
  type OrderListItem,
  type OrderListQuery,
  type PaymentMethod,
} from '../../domain/orders.js';
import { listTargetAudit } from '../audit/public.js';
import type { BankAccountConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { merchants, merchantSearchText, orders, type OrderRow } from '../db/schema.js';
import { codePrefix, escapeLike } from '../db/search-terms.js';
import { listOrderDevices } from './device-repository.js';
import { loadOrder, toOrderPublic } from './order-repository.js';
import { shipmentDetail } from './order-timeline.js';

/** `ORD-` and up to the 8 characters of an order code, typed in part. */
const ORDER_CODE_TERM = /^ORD-[A-Z0-9]{0,8}$/i;
const ORDER_CODE_LENGTH = 12;

/**
 * An order code typed from its start. Codes are `ORD-` plus A-Z and 0-9 only, so every code with the
 * prefix lies between the prefix and the prefix padded with 'Z' under any collation: a range of the
 * unique index, which LIKE alone could walk only under the C collation.
 */
function orderCodeCondition(term: string): SQL {
  const prefix = term.toUpperCase();
  if (prefix.length === ORDER_CODE_LENGTH) return eq(orders.kodePesanan, prefix);
  return and(
    gte(orders.kodePesanan, prefix),
    lte(orders.kodePesanan, prefix.padEnd(ORDER_CODE_LENGTH, 'Z')),
    like(orders.kodePesanan, `${escapeLike(prefix)}%`),
  )!;
}

/**
 * The merchants a search names, as a subquery: a registration code (`AIP-…`, whole through the unique
 * key, in part through the live-code prefix index), else the store name, narrowed by the merchant
 * search's trigram index (the same expression, so PostgreSQL can use it) and checked on the name alone.
 */
function merchantsNamed(term: string) {
  const code = codePrefix(term);
  const where = code
    ? or(eq(merchants.kodePendaftaran, code), and(eq(merchants.isDeleted, false), like(merchants.kodePendaftaran, `${escapeLike(code)}%`)))
    : and(sql`${merchantSearchText} ilike ${`%${escapeLike(term)}%`}`, ilike(merchants.namaToko, `%${escapeLike(term)}%`));
  return sql`(select ${merchants.id} from ${merchants} where ${where})`;
}

/** The list's filter on orders alone: the merchant side is a subquery of ids, so paging never joins. */
function orderFilter(query: Pick<OrderListQuery, 'q' | 'status'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  const term = query.q?.trim();
  if (term) conditions.push(ORDER_CODE_TERM.test(term) ? orderCodeCondition(term) : sql`${orders.merchantId} in ${merchantsNamed(term)}`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The columns an admin order row starts with, in the order list and the fulfilment queue. */
export const ORDER_ROW_HEAD_COLUMNS = {
  id: orders.id,
  kodePesanan: orders.kodePesanan,
  kodePendaftaran: merchants.kodePendaftaran,
  namaToko: merchants.namaToko,
  status: orders.status,
  jumlahItem: sql<string | number>`(select coalesce(sum(quantity), 0) from order_items where order_items.order_id = ${orders.id})`,
};

type OrderRowHead = { id: string; kodePesanan: string; kodePendaftaran: string; namaToko: string; jumlahItem: string | number };

/** The fields read through ORDER_ROW_HEAD_COLUMNS but the status, whose type each list narrows itself. */
export function orderRowHead(row: OrderRowHead) {
  return {
    id: row.id,
    kode_pesanan: row.kodePesanan,
    kode_pendaftaran: row.kodePendaftaran,
    nama_toko: row.namaToko,
    // sum() of integers is a bigint: a string from both drivers.
    jumlah_item: Number(row.jumlahItem),
  };
}

// The indexes are built DESC NULLS LAST; ORDER BY ... DESC alone means NULLS FIRST, which they cannot serve.
const NEWEST_FIRST = [sql`${orders.createdAt} desc nulls last`, sql`${orders.id} desc nulls last`];

/** Newest first, ORDER_PAGE_SIZE a page, from orders_newest_idx (or orders_status_newest_idx with a status). */
export async function listOrdersForAdmin(db: Db, query: OrderListQuery): Promise<OrderList> {
  const filter = orderFilter(query);
  // The page's ids first, from the index alone; only those rows are read whole and joined.
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(filter)
    .orderBy(...NEWEST_FIRST)
    .limit(ORDER_PAGE_SIZE)
    .offset((query.page - 1) * ORDER_PAGE_SIZE);
  const [rows, totals] = await Promise.all([
    db
      .select({
        ...ORDER_ROW_HEAD_COLUMNS,
        perluRefund: orders.perluRefund,
        metodePembayaran: orders.metodePembayaran,
        total: orders.total,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .innerJoin(merchants, eq(merchants.id, orders.merchantId))
      .where(inArray(orders.id, pageIds))
      .orderBy(...NEWEST_FIRST),
    db.select({ total: count() }).from(orders).where(filter),
  ]);
  const items: OrderListItem[] = rows.map((row) => ({
    ...orderRowHead(row),
    status: row.status as OrderListItem['status'],
    perlu_refund: row.perluRefund,
    metode_pembayaran: row.metodePembayaran as PaymentMethod,
    total: row.total,
    created_at: row.createdAt.toISOString(),
  }));
  return { items, page: query.page, page_size: ORDER_PAGE_SIZE, total: Number(totals[0]?.total ?? 0) };
}

/** Every audit row of one order, oldest first, with the actor's e-mail. */
export async function listOrderAudit(db: Db, orderId: string): Promise<AuditEntry[]> {
  return listTargetAudit(db, 'orders', orderId, 'oldest');
}

type Diff = Record<string, unknown>;

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const amountOf = (value: unknown): string | null => (typeof value === 'number' ? formatRupiah(value) : null);
const joined = (parts: (string | null)[]): string | null => parts.filter((p): p is string => p !== null).join(' · ') || null;

/** One audit row as a line of the order's timeline: what happened, in Indonesian, and who or how much. */
function timelineEntry(entry: AuditEntry): OrderAdminDetail['timeline'][number] {
  const diff = (entry.diff && typeof entry.diff === 'object' ? entry.diff : {}) as Diff;
  const at = entry.created_at;
  switch (entry.action) {
    case 'order_create': {
      const metode =
        typeof diff.metode === 'string' && diff.metode in PAYMENT_METHOD_LABELS
          ? PAYMENT_METHOD_LABELS[diff.metode as PaymentMethod]
          : null;
      return { at, label: 'Pesanan dibuat', detail: joined([metode, amountOf(diff.total)]) };
    }
    case 'order_payment_confirmed':
      return { at, label: 'Pembayaran dikonfirmasi', detail: joined([entry.actor_email, amountOf(diff.jumlah), textOf(diff.catatan)]) };
    case 'order_payment_notification':
      return { at, label: `Notifikasi Midtrans: ${textOf(diff.transaction_status) ?? '-'}`, detail: amountOf(diff.jumlah) };
    case 'order_cancelled':
      return {
        at,
        label: 'Pesanan dibatalkan',
        detail: joined([entry.actor_email, textOf(diff.alasan), diff.perlu_refund === true ? 'Perlu refund' : null]),
      };
    case 'order_expired':
      return { at, label: 'Pesanan kedaluwarsa', detail: null };
    case 'order_ready':
      return { at, label: 'Siap dikemas', detail: textOf(diff.alasan) };
    case 'order_awaiting_verification':
      return { at, label: 'Menunggu verifikasi merchant', detail: textOf(diff.alasan) };
    case 'order_packed':
      return {
        at,
        label: 'Pesanan dikemas',
        detail: joined([entry.actor_email, Array.isArray(diff.nomor_seri) ? `${diff.nomor_seri.length} nomor seri` : null]),
      };
    case 'order_shipped':
      return {
        at,
        label: 'Pesanan dikirim',
        detail: joined([entry.actor_email, shipmentDetail(textOf(diff.kurir), textOf(diff.no_resi))]),
      };
    case 'order_delivered':
      return { at, label: 'Pesanan diterima', detail: entry.actor_email ?? 'Dikonfirmasi merchant' };
    default:
      return { at, label: entry.action, detail: entry.actor_email };
  }
}

/** The order as the admin sees it: the buyer's view, the admin fields and the timeline of its changes. */
export async function orderAdminDetail(db: Db, order: OrderRow, account: BankAccountConfig): Promise<OrderAdminDetail> {
  const [loaded, audit, devices] = await Promise.all([
    loadOrder(db, order, { timeline: false }),
    listOrderAudit(db, order.id),
    listOrderDevices(db, order.id),
  ]);
  return {
    ...toOrderPublic(loaded, account),
    id: order.id,
    merchant_id: order.merchantId,
    metode_pembayaran: order.metodePembayaran as PaymentMethod,
    perlu_refund: order.perluRefund,
    paid_amount: order.paidAmount,
    payment_note: order.paymentNote,
    cancel_reason: order.cancelReason,
    cancelled_at: order.cancelledAt?.toISOString() ?? null,
    expired_at: order.expiredAt?.toISOString() ?? null,
    updated_at: order.updatedAt.toISOString(),
    timeline: audit.map(timelineEntry),
    devices,
  };
}
