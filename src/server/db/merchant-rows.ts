import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '../../domain/messages.js';
import { AppError } from '../http/app-error.js';
import type { Db } from './database.js';
import { isRowId } from './row-id.js';
import { merchants, type MerchantRow } from './schema.js';

// The merchant row by id, which most features read or lock before they change it.

/** The live (not soft-deleted) merchant with this id, one row at most. */
function liveMerchant(db: Db, id: string) {
  return db
    .select()
    .from(merchants)
    .where(and(eq(merchants.id, id), eq(merchants.isDeleted, false)))
    .limit(1);
}

/** A merchant that is not soft-deleted, or undefined (also for an id that is not a uuid). */
export async function findMerchant(db: Db, id: string): Promise<MerchantRow | undefined> {
  if (!isRowId(id)) return undefined;
  return (await liveMerchant(db, id))[0];
}

/** The same, locked until the transaction ends, so concurrent edits queue instead of racing. */
export async function lockMerchant(tx: Db, id: string): Promise<MerchantRow | undefined> {
  if (!isRowId(id)) return undefined;
  return (await liveMerchant(tx, id).for('update'))[0];
}

/** The 404 of a merchant that does not exist or was soft-deleted. */
function merchantNotFound(): AppError {
  return new AppError(404, 'MERCHANT_NOT_FOUND', MESSAGES.merchantNotFound);
}

/** findMerchant, or that 404. */
export async function requireMerchant(db: Db, id: string): Promise<MerchantRow> {
  const row = await findMerchant(db, id);
  if (!row) throw merchantNotFound();
  return row;
}

/** lockMerchant, or that 404. */
export async function requireLockedMerchant(tx: Db, id: string): Promise<MerchantRow> {
  const row = await lockMerchant(tx, id);
  if (!row) throw merchantNotFound();
  return row;
}
