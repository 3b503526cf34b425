import { sql } from 'drizzle-orm';
import { ORDER_MESSAGES } from '../../domain/orders.js';
import type { Db } from '../db/database.js';
import { executeRows } from '../db/query-rows.js';
import { AppError } from '../http/app-error.js';

export type UnitLine = { productId: number; quantity: number };

/** A product that could not give the units asked for: its name and how many are left to hold. */
export type Shortage = { productId: number; name: string; available: number };

/**
 * Holds the units of an order inside its transaction. Each line is one conditional UPDATE that raises
 * `held` only while `stock - held` covers it: the row lock makes concurrent buyers of the last units
 * queue on the row, and each sees the holds committed before it, so stock never oversells (decision
 * 0030). Lines go in product order, so two orders of the same products cannot deadlock. Returns the
 * first shortage (the caller then rolls the transaction back) or null when every line is held.
 */
export async function holdUnits(tx: Db, lines: readonly UnitLine[]): Promise<Shortage | null> {
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    const held = await executeRows<{ id: number }>(
      tx,
      sql`update products set held = held + ${line.quantity}, updated_at = updated_at
          where id = ${line.productId} and active and stock - held >= ${line.quantity} returning id`,
    );
    if (held.length === 1) continue;
    const [row] = await executeRows<{ name: string; available: number | string }>(
      tx,
      sql`select name, stock - held as available from products where id = ${line.productId}`,
    );
    return { productId: line.productId, name: row?.name ?? String(line.productId), available: Math.max(0, Number(row?.available ?? 0)) };
  }
  return null;
}

/** Gives an order's units back (expired, cancelled), in the transaction that closes the order. */
export async function releaseUnits(tx: Db, lines: readonly UnitLine[]): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    await tx.execute(sql`update products set held = greatest(0, held - ${line.quantity}) where id = ${line.productId}`);
  }
}

/**
 * The units of a shipped order leave the warehouse: `stock` and `held` both drop by its quantities in
 * the shipment's transaction, so `stock - held` (what buyers see) does not move (decision 0031). Stock
 * that would go below zero is a count that no longer matches the warehouse: the shipment is refused
 * (409, the caller's transaction rolls back) rather than the count silently kept at zero.
 */
export async function shipUnits(tx: Db, lines: readonly UnitLine[]): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    const shipped = await executeRows<{ id: number }>(
      tx,
      sql`update products set stock = stock - ${line.quantity}, held = greatest(0, held - ${line.quantity})
          where id = ${line.productId} and stock >= ${line.quantity} returning id`,
    );
    if (shipped.length === 1) continue;
    const [row] = await executeRows<{ name: string; stock: number }>(
      tx,
      sql`select name, stock from products where id = ${line.productId}`,
    );
    throw new AppError(
      409,
      'STOCK_SHORT',
      ORDER_MESSAGES.stockShortForShipping(row?.name ?? String(line.productId), row?.stock ?? 0, line.quantity),
    );
  }
}
