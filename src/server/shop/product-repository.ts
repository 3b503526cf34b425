import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ProductPublic } from '../../domain/orders.js';
import type { Db } from '../db/database.js';
import { products, type ProductRow } from '../db/schema.js';

/** The products the shop sells, in catalogue order. */
export async function listActiveProducts(db: Db): Promise<ProductRow[]> {
  return db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.id));
}

/** The active products among `ids`; a missing id is unknown or no longer sold. */
export async function findActiveProducts(db: Db, ids: readonly number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(products)
    .where(and(inArray(products.id, [...ids]), eq(products.active, true)))
    .orderBy(asc(products.id));
}

/** The product as the shop shows it: what can still be ordered, never the units held by others. */
export function toProductPublic(row: ProductRow): ProductPublic {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    price: row.price,
    description: row.description,
    features: row.features,
    badge: row.badge,
    // The check constraint keeps held <= stock; the floor guards a stock lowered by hand in SQL.
    stock_available: Math.max(0, row.stock - row.held),
  };
}
