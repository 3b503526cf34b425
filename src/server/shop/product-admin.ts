import { and, asc, eq, lte } from 'drizzle-orm';
import { ORDER_MESSAGES, type ProductAdmin, type ProductUpdate } from '../../domain/orders.js';
import { auditActor, writeAudit } from '../audit/public.js';
import type { Db } from '../db/database.js';
import { products, type ProductRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { OrderActor } from './order-transitions.js';
import { toProductPublic } from './product-repository.js';

export const PRODUCT_NOT_FOUND_MESSAGE = 'Produk tidak ditemukan';

export function toProductAdmin(row: ProductRow): ProductAdmin {
  return { ...toProductPublic(row), stock: row.stock, held: row.held, active: row.active, updated_at: row.updatedAt.toISOString() };
}

/** Every product, inactive ones too, by id. */
export async function listProductsForAdmin(db: Db): Promise<ProductAdmin[]> {
  const rows = await db.select().from(products).orderBy(asc(products.id));
  return rows.map(toProductAdmin);
}

const EDITABLE = ['price', 'stock', 'active'] as const;

/**
 * Sets price, stock and active. The write is one conditional UPDATE (held <= the new stock): an order
 * holding units between a check and the write would otherwise leave stock below what open orders hold.
 * The row is locked first only so the audit row's old values are the ones replaced.
 */
export async function updateProduct(db: Db, id: number, input: ProductUpdate, actor: OrderActor, now: Date): Promise<ProductRow> {
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!old) throw new AppError(404, 'PRODUCT_NOT_FOUND', PRODUCT_NOT_FOUND_MESSAGE);
    const [row] = await tx
      .update(products)
      .set({ price: input.price, stock: input.stock, active: input.active, updatedAt: now })
      .where(and(eq(products.id, id), lte(products.held, input.stock)))
      .returning();
    if (!row) throw new AppError(409, 'STOCK_BELOW_HELD', ORDER_MESSAGES.productStockBelowHeld(old.held));
    const changed = EDITABLE.filter((field) => old[field] !== row[field]);
    if (changed.length > 0) {
      const pick = (source: ProductRow) => Object.fromEntries(changed.map((field) => [field, source[field]]));
      await writeAudit(tx, {
        ...auditActor(actor),
        action: 'product_update',
        targetTable: 'products',
        targetId: String(id),
        diff: { sku: old.sku, old: pick(old), new: pick(row) },
      });
    }
    return row;
  });
}
