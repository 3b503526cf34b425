import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The local PostgreSQL server the suites create their own databases on (browser suites: E2E_POSTGRES_URL). */
export const POSTGRES_SERVER_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The server the API suites that need a real PostgreSQL use: DATABASE_URL when set, else the local one. */
export const LOCAL_POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type FreshDatabase = {
  url: string;
  drop(): Promise<void>;
  /** Runs one statement on the database, in a connection of its own. */
  query(statement: string, params?: unknown[]): Promise<void>;
};

/**
 * A new empty database on `serverUrl`, named `<prefix>_<time>_<random>` so parallel files never meet;
 * `drop` removes it even while a forgotten connection holds it.
 */
export async function createFreshDatabase(options: { serverUrl?: string; prefix?: string } = {}): Promise<FreshDatabase> {
  const { serverUrl = POSTGRES_SERVER_URL, prefix = 'e2e' } = options;
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`),
    query: (statement, params) => onServer(url.toString(), statement, params),
  };
}

async function onServer(connectionString: string, statement: string, params: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement, params);
  } finally {
    await client.end();
  }
}
