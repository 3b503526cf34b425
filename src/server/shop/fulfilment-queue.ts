import { asc, eq, sql } from 'drizzle-orm';
import type { FulfilmentList } from '../../domain/orders.js';
import type { Db } from '../db/database.js';
import { merchants, orders } from '../db/schema.js';
import { ORDER_ROW_HEAD_COLUMNS, orderRowHead } from './order-admin-repository.js';

/** More than a day's packing; the oldest come first, so the screen always shows the next ones to do. */
export const FULFILMENT_LIMIT = 500;

/**
 * GET /api/admin/fulfilment: orders ready to pack and packed, oldest paid first. The partial index
 * orders_fulfilment_idx (paid_at, id where status in both) holds exactly these rows in this order; the
 * statuses are written as literals so the planner can prove the index's predicate.
 */
export async function listFulfilment(db: Db): Promise<FulfilmentList> {
  const rows = await db
    .select({ ...ORDER_ROW_HEAD_COLUMNS, kotaKab: orders.kotaKab, paidAt: orders.paidAt })
    .from(orders)
    .innerJoin(merchants, eq(merchants.id, orders.merchantId))
    .where(sql`${orders.status} in ('siap_dikemas', 'dikemas')`)
    .orderBy(asc(orders.paidAt), asc(orders.id))
    .limit(FULFILMENT_LIMIT);
  return {
    items: rows.map((row) => ({
      ...orderRowHead(row),
      status: row.status as FulfilmentList['items'][number]['status'],
      kota_kab: row.kotaKab,
      // Every order in these statuses was paid.
      paid_at: (row.paidAt ?? new Date(0)).toISOString(),
    })),
  };
}
