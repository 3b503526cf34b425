import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { pendingDeletions } from '../db/schema.js';
import type { Storage } from './storage.js';

export type DeletionDeps = { db: Db; storage: Storage; now: () => Date };
export type DeletionOutcome = { deleted: number; failed: number };

const RETRY_BATCH = 500;

/**
 * Records keys whose files must go, in the transaction that stops pointing at them: a crash between the
 * commit and the deletes leaves the keys here for the retention job, never a file nobody knows of.
 */
export async function recordPendingDeletions(tx: Db, keys: string[], now: Date): Promise<void> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  await tx
    .insert(pendingDeletions)
    .values(unique.map((storageKey) => ({ storageKey, createdAt: now })))
    .onConflictDoNothing({ target: pendingDeletions.storageKey });
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message || error.name : String(error)).slice(0, 500);
}

/** A delete that failed outside a purge (an admin's replacement): kept for the retention job's retry. */
export async function recordFailedDeletion(db: Db, key: string, error: unknown, now: Date): Promise<void> {
  await db
    .insert(pendingDeletions)
    .values({ storageKey: key, attempts: 1, lastError: errorText(error), lastAttemptAt: now, createdAt: now })
    .onConflictDoUpdate({
      target: pendingDeletions.storageKey,
      set: { attempts: sql`${pendingDeletions.attempts} + 1`, lastError: errorText(error), lastAttemptAt: now },
    });
}

/**
 * Deletes each file, one after the other (a purge of thousands must not open thousands of requests at once).
 * A success removes the key's pending row, if any; a failure is kept there with its error and counted,
 * never dropped: the retention job tries again and the settings' system card shows how many wait.
 */
export async function deleteStoredFiles(deps: DeletionDeps, keys: string[]): Promise<DeletionOutcome> {
  const outcome: DeletionOutcome = { deleted: 0, failed: 0 };
  for (const key of new Set(keys)) {
    try {
      await deps.storage.delete(key);
      await deps.db.delete(pendingDeletions).where(eq(pendingDeletions.storageKey, key));
      outcome.deleted += 1;
    } catch (error) {
      await recordFailedDeletion(deps.db, key, error, deps.now());
      outcome.failed += 1;
    }
  }
  return outcome;
}

/** The files an earlier delete left behind, oldest first, tried again (the retention job's second step). */
export async function retryPendingDeletions(deps: DeletionDeps): Promise<DeletionOutcome> {
  const total: DeletionOutcome = { deleted: 0, failed: 0 };
  let afterId = 0;
  for (;;) {
    const rows = await deps.db
      .select({ id: pendingDeletions.id, key: pendingDeletions.storageKey })
      .from(pendingDeletions)
      .where(sql`${pendingDeletions.id} > ${afterId}`)
      .orderBy(asc(pendingDeletions.id))
      .limit(RETRY_BATCH);
    if (rows.length === 0) return total;
    const outcome = await deleteStoredFiles(
      deps,
      rows.map((row) => row.key),
    );
    total.deleted += outcome.deleted;
    total.failed += outcome.failed;
    afterId = rows.at(-1)!.id;
  }
}

export async function countPendingDeletions(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pendingDeletions);
  return Number(row?.n ?? 0);
}
