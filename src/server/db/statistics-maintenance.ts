import { sql } from 'drizzle-orm';
import type { Database } from './database.js';

export const STATISTICS_INTERVAL_MS = 60 * 60 * 1000;

type Log = { info(object: object, message: string): void; error(object: object, message: string): void };

/**
 * PGlite never runs autovacuum: without fresh statistics the planner leaves the trigram and list indexes
 * for sequential scans as rows accumulate (search 7-20 x slower after 100,000 inserts). On PGlite this runs
 * VACUUM ANALYZE on a timer; PostgreSQL's own autovacuum does the job there, so nothing is started.
 * The timer is unref'd so it never keeps a stopping process alive. Returns the function that stops it.
 */
export function startStatisticsMaintenance(
  database: Pick<Database, 'kind' | 'db'>,
  log: Log,
  intervalMs = STATISTICS_INTERVAL_MS,
): () => void {
  if (database.kind !== 'pglite') return () => {};
  let running = false;
  const timer = setInterval(() => {
    // A slow run must not pile up behind itself on PGlite's single connection.
    if (running) return;
    running = true;
    const started = Date.now();
    database.db
      .execute(sql`vacuum analyze`)
      .then(() => log.info({ ms: Date.now() - started }, 'vacuum analyze done'))
      .catch((error: unknown) => log.error({ err: error }, 'vacuum analyze failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
