import { asc, eq, sql } from 'drizzle-orm';
import type { FulfilmentList } from '../../domain/orders.js';
import type { Db } from '../db/database.js';
import { merchants, orders } from '../db/schema.js';

/** More than a day's packing; the oldest come first, so the screen always shows the next ones to do. */
export const FULFILMENT_LIMIT = 500;

/**
 * GET /api/admin/fulfilment: orders ready to pack and packed, oldest paid first. The partial index
 * orders_fulfilment_idx (paid_at, id where status in both) holds exactly these rows in this order; the
 * statuses are written as literals so the planner can prove the index's predicate.
 */
export async function listFulfilment(db: Db): Promise<FulfilmentList> {
  const rows = await db
    .select({
      id: orders.id,
      kodePesanan: orders.kodePesanan,
      kodePendaftaran: merchants.kodePendaftaran,
      namaToko: merchants.namaToko,
      status: orders.status,
      jumlahItem: sql<string | number>`(select coalesce(sum(quantity), 0) from order_items where order_items.order_id = ${orders.id})`,
      kotaKab: orders.kotaKab,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .innerJoin(merchants, eq(merchants.id, orders.merchantId))
    .where(sql`${orders.status} in ('siap_dikemas', 'dikemas')`)
    .orderBy(asc(orders.paidAt), asc(orders.id))
    .limit(FULFILMENT_LIMIT);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kode_pesanan: row.kodePesanan,
      kode_pendaftaran: row.kodePendaftaran,
      nama_toko: row.namaToko,
      status: row.status as FulfilmentList['items'][number]['status'],
      // sum() of integers is a bigint: a string from both drivers.
      jumlah_item: Number(row.jumlahItem),
      kota_kab: row.kotaKab,
      // Every order in these statuses was paid.
      paid_at: (row.paidAt ?? new Date(0)).toISOString(),
    })),
  };
}
