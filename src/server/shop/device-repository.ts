import { and, asc, eq, like, sql, type SQL } from 'drizzle-orm';
import {
  DEVICE_PAGE_SIZE,
  type DeviceDetail,
  type DeviceList,
  type DeviceListItem,
  type DeviceListQuery,
  type DeviceStatus,
} from '../../domain/orders.js';
import type { Db } from '../db/database.js';
import { isRowId } from '../db/row-id.js';
import { deviceEvents, devices, merchants, orders, products, users } from '../db/schema.js';
import { escapeLike } from '../db/search-terms.js';

/**
 * The devices (one row per unit handed to a merchant, by serial number) as the admin searches them.
 * A million rows are expected (docs/decisions/0031): every read below is one index range.
 */

const itemColumns = {
  id: devices.id,
  nomorSeri: devices.nomorSeri,
  productId: devices.productId,
  productName: products.name,
  merchantId: devices.merchantId,
  kodePendaftaran: merchants.kodePendaftaran,
  namaToko: merchants.namaToko,
  orderId: devices.orderId,
  kodePesanan: orders.kodePesanan,
  status: devices.status,
  createdAt: devices.createdAt,
  updatedAt: devices.updatedAt,
};

type ItemRow = Awaited<ReturnType<typeof selectDevices>>[number];

function toItem(row: ItemRow): DeviceListItem {
  return {
    id: row.id,
    nomor_seri: row.nomorSeri,
    product_id: row.productId,
    product_name: row.productName,
    merchant_id: row.merchantId,
    kode_pendaftaran: row.kodePendaftaran,
    nama_toko: row.namaToko,
    order_id: row.orderId,
    kode_pesanan: row.kodePesanan,
    status: row.status as DeviceStatus,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function selectDevices(db: Db) {
  return db
    .select(itemColumns)
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .innerJoin(merchants, eq(merchants.id, devices.merchantId))
    .innerJoin(orders, eq(orders.id, devices.orderId));
}

/**
 * GET /api/admin/devices. `q` (upper-cased, LIKE's wildcards escaped) is a prefix of the serial, the
 * exact serial included: `like 'Q%'` walks devices_nomor_seri_key (text_pattern_ops), and a search is
 * answered in that index's order, so the exact serial comes first and a broad prefix still stops after
 * one page. Without `q`, newest first from devices_newest_idx (devices_merchant_idx for one merchant).
 * One row more than a page tells whether there is a next page: no count over a million rows.
 */
export async function listDevices(db: Db, query: DeviceListQuery): Promise<DeviceList> {
  const conditions: SQL[] = [];
  const term = query.q?.trim().toUpperCase();
  if (term) conditions.push(like(devices.nomorSeri, `${escapeLike(term)}%`));
  if (query.status) conditions.push(eq(devices.status, query.status));
  if (query.merchant_id) conditions.push(eq(devices.merchantId, query.merchant_id));
  // A search is answered in the serial index's own order: text_pattern_ops sorts by ~<~ (byte order), and
  // only ORDER BY ... USING ~<~ lets the scan stop after a page; a plain ORDER BY sorts by the collation,
  // which that index cannot give, so a broad prefix would sort a third of the table (bench:devices).
  // The newest-first indexes are built DESC NULLS LAST; ORDER BY ... DESC alone means NULLS FIRST.
  const order = term
    ? [sql`${devices.nomorSeri} using ~<~`]
    : [sql`${devices.createdAt} desc nulls last`, sql`${devices.id} desc nulls last`];
  const rows = await selectDevices(db)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(...order)
    .limit(DEVICE_PAGE_SIZE + 1)
    .offset((query.page - 1) * DEVICE_PAGE_SIZE);
  return {
    items: rows.slice(0, DEVICE_PAGE_SIZE).map(toItem),
    page: query.page,
    page_size: DEVICE_PAGE_SIZE,
    has_more: rows.length > DEVICE_PAGE_SIZE,
  };
}

/** GET /api/admin/devices/{id}: the device and each status it reached, oldest first, with who moved it. */
export async function deviceDetail(db: Db, id: string): Promise<DeviceDetail | null> {
  if (!isRowId(id)) return null;
  const [row] = await selectDevices(db).where(eq(devices.id, id)).limit(1);
  if (!row) return null;
  const history = await db
    .select({ status: deviceEvents.status, at: deviceEvents.createdAt, oleh: users.email })
    .from(deviceEvents)
    .leftJoin(users, eq(users.id, deviceEvents.actorId))
    .where(eq(deviceEvents.deviceId, id))
    .orderBy(asc(deviceEvents.createdAt), asc(deviceEvents.id));
  return {
    ...toItem(row),
    history: history.map((event) => ({ status: event.status as DeviceStatus, at: event.at.toISOString(), oleh: event.oleh ?? null })),
  };
}

/** The devices of one order (the admin's order detail), by product then serial. */
export async function listOrderDevices(
  db: Db,
  orderId: string,
): Promise<{ id: string; nomor_seri: string; product_id: number; status: DeviceStatus }[]> {
  const rows = await db
    .select({ id: devices.id, nomorSeri: devices.nomorSeri, productId: devices.productId, status: devices.status })
    .from(devices)
    .where(eq(devices.orderId, orderId))
    .orderBy(asc(devices.productId), asc(devices.nomorSeri));
  return rows.map((row) => ({ id: row.id, nomor_seri: row.nomorSeri, product_id: row.productId, status: row.status as DeviceStatus }));
}
