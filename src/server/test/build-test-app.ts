import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { parseConfig, type Config } from '../config.js';
import { installKeyringFromConfig } from '../crypto/key-source.js';
import { openDatabase, type Database } from '../db/database.js';
import { LocalDiskStorage } from '../storage/local-disk-storage.js';
import type { Storage } from '../storage/storage.js';

/** A fixed key for tests: the rows of a test database are as encrypted as in production. */
export const TEST_DATA_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  storage: Storage;
  /** The folder the test's LocalDiskStorage writes to. */
  filesDir: string;
  /** The test's own PostgreSQL database, or null on in-memory PGlite. */
  databaseUrl: string | null;
  close(): Promise<void>;
};

export type TestAppOptions = {
  env?: Record<string, string>;
  clientDir?: string | null;
  now?: () => Date;
  /** Lets a test add its own routes before the app is ready. */
  beforeReady?: (app: FastifyInstance) => unknown;
};

/**
 * The app as production builds it, on a database of its own: in-memory PGlite by default, or a fresh
 * database on the PostgreSQL server named by DATABASE_URL, dropped again on close.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const serverUrl = process.env.DATABASE_URL;
  const config = parseConfig({ NODE_ENV: 'test', DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY, ...options.env });
  installKeyringFromConfig(config, { info: () => {} });
  const fresh = serverUrl ? await createFreshDatabase(serverUrl) : null;
  const database = fresh
    ? await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 5 })
    : await openDatabase({ kind: 'pglite', dataDir: null });
  const filesDir = mkdtempSync(path.join(tmpdir(), 'aipos-files-'));
  const storage = new LocalDiskStorage(filesDir);
  const app = await buildApp({
    config,
    database,
    storage,
    clientDir: options.clientDir ?? null,
    ...(options.now ? { now: options.now } : {}),
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    storage,
    filesDir,
    databaseUrl: fresh?.url ?? null,
    async close() {
      await app.close();
      // A test may have closed the database on purpose already.
      await database.close().catch(() => {});
      await fresh?.drop();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

export async function createFreshDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}
