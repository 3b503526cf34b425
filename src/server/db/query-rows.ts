import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

/** Both drivers share this surface; code above the db layer never knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What both drivers' own clients (PGlite, pg.Pool) answer to `query(text, params)`. */
type DriverClient = { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * Plain parameterised SQL through the driver's own client, for a hot read where Drizzle's per-query
 * work costs more than the query (the status lookup). Both drivers parse timestamptz into a Date and
 * return rows keyed by the column aliases, so one query serves both engines.
 */
export async function queryRows<T>(db: Db, text: string, params: unknown[]): Promise<T[]> {
  const { rows } = await (db as unknown as { $client: DriverClient }).$client.query(text, params);
  return rows as T[];
}
