import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { deleteStoredFiles } from '../storage/pending-deletions.js';
import { deleteUnclaimedUploadsBefore } from './upload-repository.js';

/** A staged upload no registration claimed within a day is abandoned: identity documents are not kept. */
export const STAGED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Removes abandoned uploads, rows first: a registration claiming at the same moment either wins or finds none. */
export async function purgeStaleUploads(deps: Pick<AppDeps, 'db' | 'storage' | 'now'>): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - STAGED_UPLOAD_TTL_MS);
  const keys = await deleteUnclaimedUploadsBefore(deps.db, cutoff);
  // One file that cannot be removed must not keep the others: it waits in pending_deletions for the
  // retention job. Deleting a missing key is not an error.
  await deleteStoredFiles(deps, keys);
  return keys.length;
}

/** A write takes seconds; a temp file an hour old was cut short by a crash and will never be renamed. */
export const INTERRUPTED_WRITE_AGE_MS = 60 * 60 * 1000;

export function purgeInterruptedWrites(deps: Pick<AppDeps, 'storage' | 'now'>): Promise<number> {
  return deps.storage.purgeInterruptedWrites(new Date(deps.now().getTime() - INTERRUPTED_WRITE_AGE_MS));
}

/** Purges at boot and then every hour; returns a stop function. The timer never keeps the process alive. */
export function startUploadPurge(app: FastifyInstance, intervalMs = PURGE_INTERVAL_MS): () => void {
  const report = (purge: Promise<number>, what: string) =>
    purge
      .then((count) => {
        if (count > 0) app.log.info({ count }, `purged ${what}`);
      })
      .catch((error: unknown) => app.log.error({ err: error }, `purging ${what} failed`));
  const run = () => {
    void report(purgeStaleUploads(app.deps), 'unclaimed staged uploads');
    void report(purgeInterruptedWrites(app.deps), 'interrupted file writes');
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return () => clearInterval(timer);
}
