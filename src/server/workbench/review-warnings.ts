import { and, eq } from 'drizzle-orm';
import { hasCheckWarnings } from '../checks/public.js';
import type { Db } from '../db/database.js';
import { merchants } from '../db/schema.js';
import { hasDuplicates } from './duplicate-repository.js';

/**
 * Whether the review screen warns about this merchant: a possible duplicate, or a machine check that
 * warned, failed or could not read (docs/decisions/0036). The four-eyes rule `saat_peringatan` asks this.
 */
export async function hasReviewWarnings(db: Db, merchantId: string): Promise<boolean> {
  if (await hasDuplicates(db, merchantId)) return true;
  const [row] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.id, merchantId), hasCheckWarnings))
    .limit(1);
  return row !== undefined;
}
