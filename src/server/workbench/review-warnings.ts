import type { Db } from '../db/database.js';
import { hasDuplicates } from './duplicate-repository.js';

/** Whether the review screen warns about this merchant: the four-eyes rule `saat_peringatan` asks this. */
export async function hasReviewWarnings(db: Db, merchantId: string): Promise<boolean> {
  // The machine checks' warnings (their table of check results) join here when that work lands.
  return hasDuplicates(db, merchantId);
}
