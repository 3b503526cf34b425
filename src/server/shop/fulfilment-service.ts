import { eq } from 'drizzle-orm';
import { ORDER_MESSAGES, type PackRequest, type ShipRequest } from '../../domain/orders.js';
import type { Db } from '../db/database.js';
import { deviceEvents, devices, orders, type OrderItemRow, type OrderRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { orderDeliveredEvent, orderShippedEvent } from '../webhooks/public.js';
import { orderDeliveredMail, orderShippedMail } from './order-mail.js';
import { listOrderItems, updateOrder } from './order-repository.js';
import {
  merchantIsVerified,
  notAllowed,
  recordChange,
  withLockedOrder,
  type OrderActor,
  type TransitionDeps,
} from './order-transitions.js';
import { shipUnits } from './stock.js';

/**
 * Fulfilment after payment: 'Kemas' gives each unit a serial number (a row of `devices`),
 * 'Kirim' hands the parcel to a courier, 'Diterima' ends it. Each step locks the order (and share-locks
 * its merchant, see order-transitions.ts), checks the status it starts from (else 409), and writes its
 * audit row, devices' history, mail and webhook event in the same transaction.
 */

/** The body names exactly the ordered units: no serial twice, and per product as many serials as units. */
function checkUnits(items: readonly OrderItemRow[], units: PackRequest['units']): void {
  const seen = new Set<string>();
  units.forEach((unit, index) => {
    if (seen.has(unit.nomor_seri))
      throw new AppError(400, 'SERIAL_REPEATED', ORDER_MESSAGES.serialRepeated(unit.nomor_seri), `units.${index}.nomor_seri`);
    seen.add(unit.nomor_seri);
  });
  const wanted = new Map(items.map((item) => [item.productId, item.quantity]));
  const given = new Map<number, number>();
  for (const unit of units) given.set(unit.product_id, (given.get(unit.product_id) ?? 0) + 1);
  const matches = given.size === wanted.size && [...given].every(([productId, count]) => wanted.get(productId) === count);
  if (!matches) throw new AppError(400, 'UNITS_MISMATCH', ORDER_MESSAGES.unitsMismatch, 'units');
}

async function serialTaken(tx: Db, units: PackRequest['units'], stored: ReadonlySet<string>): Promise<AppError> {
  const index = units.findIndex((unit) => !stored.has(unit.nomor_seri));
  const nomorSeri = units[index]!.nomor_seri;
  const [owner] = await tx
    .select({ kodePesanan: orders.kodePesanan })
    .from(devices)
    .innerJoin(orders, eq(orders.id, devices.orderId))
    .where(eq(devices.nomorSeri, nomorSeri))
    .limit(1);
  return new AppError(409, 'SERIAL_TAKEN', ORDER_MESSAGES.serialTaken(nomorSeri, owner?.kodePesanan ?? '-'), `units.${index}.nomor_seri`);
}

/**
 * 'Kemas' from `siap_dikemas`. The serials go in with ON CONFLICT DO NOTHING on their unique index: a
 * serial already stored (or being stored by a concurrent pack, which this insert waits for) comes back
 * missing from the inserted rows, and the whole pack is refused with the order that holds it. No
 * unique-violation error is needed, so the transaction stays usable to look that order up.
 */
export async function packOrder(deps: TransitionDeps, orderId: string, request: PackRequest, actor: OrderActor): Promise<OrderRow> {
  return withLockedOrder(deps, orderId, async (tx, order) => {
    if (order.status !== 'siap_dikemas') throw notAllowed(order);
    checkUnits(await listOrderItems(tx, order.id), request.units);
    const now = deps.now();
    const inserted = await tx
      .insert(devices)
      .values(
        request.units.map((unit) => ({
          nomorSeri: unit.nomor_seri,
          productId: unit.product_id,
          merchantId: order.merchantId,
          orderId: order.id,
          status: 'dialokasikan',
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: devices.id, nomorSeri: devices.nomorSeri });
    if (inserted.length < request.units.length) throw await serialTaken(tx, request.units, new Set(inserted.map((row) => row.nomorSeri)));
    await tx
      .insert(deviceEvents)
      .values(inserted.map((device) => ({ deviceId: device.id, status: 'dialokasikan', actorId: actor.id, createdAt: now })));
    const row = await updateOrder(tx, order.id, { status: 'dikemas', packedAt: now, updatedAt: now });
    await recordChange(tx, deps, row, {
      actor,
      action: 'order_packed',
      diff: {
        kode_pesanan: order.kodePesanan,
        from: order.status,
        to: 'dikemas',
        nomor_seri: request.units.map((unit) => unit.nomor_seri),
      },
    });
    return row;
  });
}

/** The devices of an order move on, each with a history row. */
async function moveDevices(tx: Db, orderId: string, status: 'dikirim' | 'aktif', actorId: string | null, now: Date): Promise<void> {
  const moved = await tx.update(devices).set({ status, updatedAt: now }).where(eq(devices.orderId, orderId)).returning({ id: devices.id });
  if (moved.length > 0)
    await tx.insert(deviceEvents).values(moved.map((device) => ({ deviceId: device.id, status, actorId, createdAt: now })));
}

/**
 * 'Kirim' from `dikemas`, only to a verified merchant. The units leave the warehouse here: stock and
 * held drop together (decision 0031), in product order like every other stock change.
 */
export async function shipOrder(deps: TransitionDeps, orderId: string, request: ShipRequest, actor: OrderActor): Promise<OrderRow> {
  return withLockedOrder(deps, orderId, async (tx, order) => {
    if (order.status !== 'dikemas') throw notAllowed(order);
    if (!(await merchantIsVerified(tx, order.merchantId)))
      throw new AppError(409, 'MERCHANT_NOT_VERIFIED', ORDER_MESSAGES.merchantNotVerified);
    const now = deps.now();
    await shipUnits(tx, await listOrderItems(tx, order.id));
    const row = await updateOrder(tx, order.id, {
      status: 'dikirim',
      shippedAt: now,
      kurir: request.kurir,
      noResi: request.no_resi,
      updatedAt: now,
    });
    await moveDevices(tx, order.id, 'dikirim', actor.id, now);
    await recordChange(tx, deps, row, {
      actor,
      action: 'order_shipped',
      diff: { kode_pesanan: order.kodePesanan, from: order.status, to: 'dikirim', kurir: request.kurir, no_resi: request.no_resi },
      mail: { kind: 'order_shipped', content: orderShippedMail },
      webhook: (loaded) => orderShippedEvent(loaded, now),
    });
    return row;
  });
}

/** 'Diterima' from `dikirim`, by an admin or by the merchant (actor id null) on the order page. */
export async function deliverOrder(deps: TransitionDeps, orderId: string, actor: OrderActor): Promise<OrderRow> {
  return withLockedOrder(deps, orderId, async (tx, order) => {
    if (order.status !== 'dikirim') throw notAllowed(order);
    const now = deps.now();
    const row = await updateOrder(tx, order.id, { status: 'diterima', deliveredAt: now, updatedAt: now });
    await moveDevices(tx, order.id, 'aktif', actor.id, now);
    await recordChange(tx, deps, row, {
      actor,
      action: 'order_delivered',
      diff: { kode_pesanan: order.kodePesanan, from: order.status, to: 'diterima', oleh: actor.id ? 'admin' : 'merchant' },
      mail: { kind: 'order_delivered', content: orderDeliveredMail },
      webhook: (loaded) => orderDeliveredEvent(loaded, now),
    });
    return row;
  });
}
