import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { encryptIdentityRows } from './encrypt-identity-rows.js';
import type { Db } from './query-rows.js';
import * as schema from './schema.js';

// Db lives beside queryRows so that the identity-row encryption, which openDatabase runs, needs nothing
// from this file (no import cycle); most of the server still names it from here.
export type { Db } from './query-rows.js';

export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** The PostgreSQL server's URL, for a connection of one's own (session locks); null on PGlite. */
  url: string | null;
  /** PGlite in process, or a PostgreSQL server reached with this URL. */
  describe(): Promise<string>;
  /** Connections of the pool for /metrics; PGlite is one connection in process. */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

// src/server/db and dist/server/db both sit three levels below the package root.
const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export type OpenOptions =
  /**
   * `template`: a dump (`dumpDataDir`) of a database already migrated, for an in-memory database that
   * starts from it instead of running initdb: the test suites open one per test file, and initdb is most
   * of the cost (docs/decisions/0024).
   */
  { kind: 'pglite'; dataDir: string | null; template?: Blob } | { kind: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database =
    options.kind === 'pglite' ? await openPglite(options.dataDir, options.template) : openPostgres(options.url, options.poolSize);
  await database.migrate();
  // Rows written in clear before identity encryption existed are encrypted once, right after the schema.
  await encryptIdentityRows(database.db, 'legacy');
  return database;
}

type Opened = Database & { migrate(): Promise<void> };

/** What differs between the two engines; the description and the rest are built the same way. */
type Engine = Pick<Opened, 'db' | 'kind' | 'url' | 'migrate' | 'poolStats' | 'close'> & { name(version: string): string };

function opened({ name, ...engine }: Engine): Opened {
  return {
    ...engine,
    async describe() {
      const result = await engine.db.execute<{ server_version: string }>(sql`show server_version`);
      const rows = (result as unknown as { rows: { server_version: string }[] }).rows;
      return name(rows[0]?.server_version ?? 'unknown');
    },
  };
}

/**
 * The embedded server's buffer cache: 64 MB instead of PostgreSQL's 128 MB. WebAssembly memory never
 * shrinks, so every buffer ever touched stays in the process's RSS; the files beneath are in the OS page
 * cache anyway. With 100,000 merchants `npm run bench` measured the server's peak at 438 MB instead of 537,
 * with lookups and the admin list as fast within the bench's noise (docs/performance.md).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=64MB'];

async function openPglite(dataDir: string | null, template: Blob | undefined): Promise<Opened> {
  let client: PGlite;
  if (dataDir) {
    const dir = path.resolve(dataDir, 'pgdata');
    // PGlite does not create missing parent directories.
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS });
  } else {
    client = await PGlite.create({ extensions: { pg_trgm }, ...(template ? { loadDataDir: template } : {}) });
  }
  return opened({
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    url: null,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    name: (version) => `PGlite (embedded PostgreSQL ${version})`,
    poolStats: () => ({ total: 1, idle: 0, waiting: 0 }),
    close: () => client.close(),
  });
}

/** The whole in-memory database as one archive, for `template` (uncompressed: loading is what repeats). */
export async function dumpPglite(database: Database): Promise<Blob> {
  if (database.kind !== 'pglite') throw new Error('only the embedded database can be dumped');
  return (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
}

function openPostgres(url: string, poolSize = 10): Opened {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  return opened({
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    url,
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    name: (version) => `PostgreSQL ${version}`,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  });
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
