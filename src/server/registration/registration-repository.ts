import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { merchants, type MerchantRow, type NewMerchantRow } from '../db/schema.js';

/** The unique index that makes a repeated Idempotency-Key collide instead of adding a second row. */
export const IDEMPOTENCY_KEY_CONSTRAINT = 'merchants_idempotency_key_key';

export async function insertMerchant(tx: Db, values: NewMerchantRow): Promise<MerchantRow> {
  const rows = await tx.insert(merchants).values(values).returning();
  return rows[0]!;
}

export async function findMerchantByIdempotencyKey(db: Db, key: string): Promise<MerchantRow | undefined> {
  const rows = await db.select().from(merchants).where(eq(merchants.idempotencyKey, key)).limit(1);
  return rows[0];
}

export async function replaceReceiptTokenHash(db: Db, merchantId: string, hash: string): Promise<void> {
  await db.update(merchants).set({ receiptTokenHash: hash }).where(eq(merchants.id, merchantId));
}
