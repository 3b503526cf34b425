import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/** Row counts per table, `schema.table`: what a restore must reproduce exactly. */
export type TableCounts = Record<string, number>;

type Query = (text: string) => Promise<Record<string, unknown>[]>;

// Our tables live in public; drizzle keeps its migration journal in its own schema.
const TABLES_SQL = `select table_schema, table_name from information_schema.tables
  where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`;

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

export async function countRows(query: Query): Promise<TableCounts> {
  const counts: TableCounts = {};
  for (const row of await query(TABLES_SQL)) {
    const schema = String(row.table_schema);
    const table = String(row.table_name);
    const [result] = await query(`select count(*)::int as n from ${quote(schema)}.${quote(table)}`);
    counts[`${schema}.${table}`] = Number(result?.n ?? 0);
  }
  return counts;
}

function pgliteDir(dataDir: string): string {
  return path.resolve(dataDir, 'pgdata');
}

/** PGlite's own copy of its data directory (a tar), taken with the server stopped: nothing writes meanwhile. */
export async function dumpPglite(dataDir: string): Promise<{ dump: Buffer; counts: TableCounts }> {
  const client = await PGlite.create(pgliteDir(dataDir), { extensions: { pg_trgm } });
  try {
    const counts = await countRows(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
    // CHECKPOINT first: the copy then needs no WAL replay when it is opened.
    await client.exec('checkpoint');
    const blob = await client.dumpDataDir('none');
    return { dump: Buffer.from(await blob.arrayBuffer()), counts };
  } finally {
    await client.close();
  }
}

/** Loads a dumped data directory into DATA_DIR/pgdata (which must not exist yet) and counts its rows. */
export async function loadPglite(dataDir: string, dump: Buffer): Promise<TableCounts> {
  const dir = pgliteDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: new Blob([new Uint8Array(dump)]) });
  try {
    return await countRows(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.close();
  }
}

/** The URL without its password, which travels in PGPASSWORD instead: argv is visible to every local user. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(command: string, args: string[], url: string): Promise<void> {
  const { dbname, env } = connection(url);
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, `--dbname=${dbname}`], { stdio: ['ignore', 'ignore', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error) => reject(new Error(`${command} could not start (${error.message}); install the PostgreSQL client tools`)));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

async function withTempFile<T>(use: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'aipos-backup-'));
  try {
    return await use(path.join(dir, 'database.dump'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * pg_dump's custom format. The row counts and the dump read ONE snapshot (exported from a repeatable-read
 * transaction), so they agree even while the servers keep writing.
 */
export async function dumpPostgres(url: string): Promise<{ dump: Buffer; counts: TableCounts }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = String((await client.query<{ s: string }>('select pg_export_snapshot() as s')).rows[0]!.s);
    const counts = await countRows(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
    const dump = await withTempFile(async (file) => {
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${file}`], url);
      return readFile(file);
    });
    await client.query('commit');
    return { dump, counts };
  } finally {
    await client.end();
  }
}

/** Relations outside the system schemas: a restore goes only into a database that has none. */
export async function postgresRelationCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{
      n: number;
    }>(`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`);
    return result.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** pg_restore in one transaction: a failure leaves the database as empty as it was. */
export async function loadPostgres(url: string, dump: Buffer): Promise<TableCounts> {
  await withTempFile(async (file) => {
    await writeFile(file, dump, { mode: 0o600 });
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file], url);
  });
  return countPostgresRows(url);
}

/** The row counts of every table of the PostgreSQL database at `url`. */
export async function countPostgresRows(url: string): Promise<TableCounts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await countRows(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.end();
  }
}
