import { asc, eq } from 'drizzle-orm';
import {
  COURIER_LABELS,
  courierTrackingUrl,
  type Courier,
  type OrderItem,
  type OrderPublic,
  type Payment,
  type Shipment,
  type TimelineEntry,
} from '../../domain/orders.js';
import type { BankAccountConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { merchants, orderItems, orders, type NewOrderRow, type OrderItemRow, type OrderRow } from '../db/schema.js';
import { loadOrderTimeline } from './order-timeline.js';

export type OrderWithItems = {
  order: OrderRow;
  items: OrderItemRow[];
  merchant: { kodePendaftaran: string; namaToko: string };
  /** The merchant's timeline; left out (empty) where nobody reads it (mails, the admin's own history). */
  timeline?: TimelineEntry[];
};

export async function findOrderById(db: Db, id: string): Promise<OrderRow | null> {
  // A malformed id is an order that does not exist, never a failed query.
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

export async function findOrderByCode(db: Db, kodePesanan: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.kodePesanan, kodePesanan.trim().toUpperCase())).limit(1);
  return row ?? null;
}

/** The same row locked for the rest of the transaction: every status change starts here. */
export async function lockOrder(tx: Db, id: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
  return row ?? null;
}

/** Writes `values` to one order (in the caller's transaction, the row locked) and returns the row as it now is. */
export async function updateOrder(tx: Db, id: string, values: Partial<NewOrderRow>): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(values).where(eq(orders.id, id)).returning();
  return row!;
}

export async function listOrderItems(db: Db, orderId: string): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.productId));
}

/** The order with its lines and merchant; with `timeline` (the buyer's answers) the merchant's timeline too. */
export async function loadOrder(db: Db, order: OrderRow, options: { timeline: boolean } = { timeline: true }): Promise<OrderWithItems> {
  const [items, [merchant], timeline] = await Promise.all([
    listOrderItems(db, order.id),
    db
      .select({ kodePendaftaran: merchants.kodePendaftaran, namaToko: merchants.namaToko })
      .from(merchants)
      .where(eq(merchants.id, order.merchantId))
      .limit(1),
    options.timeline ? loadOrderTimeline(db, order) : Promise.resolve([]),
  ]);
  return { order, items, merchant: merchant ?? { kodePendaftaran: '-', namaToko: '-' }, timeline };
}

export function toOrderItem(row: OrderItemRow): OrderItem {
  return {
    product_id: row.productId,
    sku: row.sku,
    name: row.name,
    price: row.price,
    quantity: row.quantity,
    line_total: row.price * row.quantity,
  };
}

export function paymentOf(order: OrderRow, account: BankAccountConfig): Payment {
  const batasWaktu = order.batasWaktu.toISOString();
  if (order.metodePembayaran === 'midtrans')
    return { metode: 'midtrans', redirect_url: order.midtransRedirectUrl ?? '', batas_waktu: batasWaktu };
  const kodeUnik = order.kodeUnik ?? 0;
  return { metode: 'transfer', kode_unik: kodeUnik, jumlah: order.total + kodeUnik, rekening: account, batas_waktu: batasWaktu };
}

/** The amount the buyer owes: the total, plus the unique code of a transfer. */
export function amountDue(order: OrderRow): number {
  return order.total + (order.metodePembayaran === 'transfer' ? (order.kodeUnik ?? 0) : 0);
}

/** How a shipped order travels, or null before it ships. */
export function shipmentOf(order: Pick<OrderRow, 'kurir' | 'noResi' | 'shippedAt'>): Shipment | null {
  if (!order.kurir || !order.noResi || !order.shippedAt) return null;
  const kurir = order.kurir as Courier;
  return {
    kurir,
    kurir_label: COURIER_LABELS[kurir],
    no_resi: order.noResi,
    tracking_url: courierTrackingUrl(kurir, order.noResi),
    shipped_at: order.shippedAt.toISOString(),
  };
}

/** The order as its buyer sees it. */
export function toOrderPublic({ order, items, merchant, timeline }: OrderWithItems, account: BankAccountConfig): OrderPublic {
  return {
    kode_pesanan: order.kodePesanan,
    kode_pendaftaran: merchant.kodePendaftaran,
    nama_toko: merchant.namaToko,
    status: order.status as OrderPublic['status'],
    items: items.map(toOrderItem),
    subtotal: order.subtotal,
    ongkir: order.ongkir,
    total: order.total,
    pembayaran: paymentOf(order, account),
    pengiriman: {
      nama_penerima: order.namaPenerima,
      no_hp_penerima: order.noHpPenerima,
      alamat_pengiriman: order.alamatPengiriman,
      kota_kab: order.kotaKab,
      provinsi: order.provinsi,
      kode_pos: order.kodePos,
    },
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    invoice_number: order.invoiceNumber,
    pengiriman_paket: shipmentOf(order),
    delivered_at: order.deliveredAt?.toISOString() ?? null,
    timeline: timeline ?? [],
  };
}
