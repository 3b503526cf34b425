import type { SQLWrapper } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { hasUnstorableText } from '../shared/storable-text.js';
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

type PgliteClient = { exec(text: string): Promise<{ rows: unknown[] }[]> };
type PoolClient = { query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }> };

/** PGlite clients on which a statement name is prepared (its one session keeps it until closed). */
const preparedOnPglite = new WeakMap<object, Map<string, Promise<void>>>();

/**
 * A string as an SQL literal, as libpq's PQescapeLiteral writes it: quotes doubled, backslashes doubled
 * inside E'...'. For EXECUTE on PGlite, whose API takes no parameters for a named statement.
 */
export function sqlLiteral(value: string): string {
  // The request hook refuses such text first; a literal never depends on every caller having passed it.
  if (hasUnstorableText(value)) throw new Error('sqlLiteral: NUL or a lone surrogate has no SQL literal');
  return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * queryRows through a prepared statement: planned once per connection, not per call. On PGlite planning
 * was most of the status lookup's cost: 470-490 µs per lookup as a parameterised query against 160 µs as
 * EXECUTE of a prepared statement (decision 0028). PostgreSQL gets a named statement of node-postgres, which
 * prepares it once on each pooled connection. Parameters travel as text; on PGlite `types` (text by
 * default) declares what the prepared statement takes.
 */
export async function preparedRows<T>(db: Db, statement: { name: string; text: string; types?: string[] }, params: string[]): Promise<T[]> {
  const { name, text } = statement;
  const client = (db as unknown as { $client: object }).$client;
  if ('totalCount' in client) {
    const { rows } = await (client as unknown as PoolClient).query({ name, text, values: params });
    return rows as T[];
  }
  const pglite = client as PgliteClient;
  let prepared = preparedOnPglite.get(client);
  if (!prepared) preparedOnPglite.set(client, (prepared = new Map()));
  let ready = prepared.get(name);
  if (!ready) {
    const types = (statement.types ?? params.map(() => 'text')).join(', ');
    ready = pglite.exec(`prepare ${name} (${types}) as ${text}`).then(() => undefined);
    // A failed prepare is tried again by the next call, never cached.
    ready.catch(() => prepared.delete(name));
    prepared.set(name, ready);
  }
  await ready;
  const [result] = await pglite.exec(`execute ${name} (${params.map(sqlLiteral).join(', ')})`);
  return (result?.rows ?? []) as T[];
}

/**
 * The rows of `db.execute(sql...)` on either driver (both answer `{ rows }`). Unlike queryRows it runs on
 * a transaction too: a transaction's statements must go through `tx`, never the pool's `$client`.
 */
export async function executeRows<T>(db: Db, query: SQLWrapper): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
