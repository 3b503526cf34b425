import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { parseConfig, type Config } from '../../src/server/config.js';
import { installKeyringFromConfig } from '../../src/server/crypto/key-source.js';
import type { Keyring } from '../../src/server/crypto/keyring.js';
import { openDatabase, type Database } from '../../src/server/db/database.js';
import { LocalDiskStorage } from '../../src/server/storage/local-disk-storage.js';
import type { Storage } from '../../src/server/storage/storage.js';
import { createFreshDatabase, LOCAL_POSTGRES_URL } from './fresh-database.js';

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
  /** Another storage than local disk in the test's folder (an S3 test server, a storage whose deletes fail). */
  storage?: (filesDir: string) => Storage;
  /** On PostgreSQL (DATABASE_URL, else the local server) even without DATABASE_URL: for what only a server shows (locks, deadlocks). */
  postgres?: boolean;
};

/**
 * The app as production builds it, on a database of its own: in-memory PGlite by default, or a fresh
 * database on the PostgreSQL server named by DATABASE_URL, dropped again on close.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const serverUrl = options.postgres ? LOCAL_POSTGRES_URL : process.env.DATABASE_URL;
  // Tests register many applicants under one address: the receipt cap is tested where it is set. The
  // checks' jobs stay queued unless a test runs them (app.checks.queue.runUntilIdle()).
  // Webhook receivers of tests listen on 127.0.0.1: WEBHOOK_ALLOW_PRIVATE lets their URLs in (a test of the refusal sets it to 0).
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
    MAIL_PER_ADDRESS_PER_HOUR: '100000',
    CHECKS_WORKER: 'off',
    WEBHOOK_ALLOW_PRIVATE: '1',
    ...options.env,
  });
  installKeyringFromConfig(config, { info: () => {} });
  const fresh = serverUrl ? await createFreshDatabase({ serverUrl, prefix: 't' }) : null;
  const database = fresh
    ? await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 5 })
    : await openDatabase({ kind: 'pglite', dataDir: null, ...pgliteTemplate() });
  const filesDir = mkdtempSync(path.join(tmpdir(), 'aipos-files-'));
  const storage = options.storage ? options.storage(filesDir) : new LocalDiskStorage(filesDir);
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

export type DataDirApp = { app: FastifyInstance; config: Config; keyring: Keyring; close(): Promise<void> };

/**
 * The app on an embedded database in `dataDir` (its files below it), as a CLI script run afterwards finds
 * it: for the scripts' tests and for what lies on disk. The keyring is the one `env` names (or the key file).
 */
export async function buildAppOnDataDir(dataDir: string, env: Record<string, string> = {}): Promise<DataDirApp> {
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });
  const keyring = installKeyringFromConfig(config, { info: () => {} });
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const storage = new LocalDiskStorage(path.join(dataDir, 'files'));
  const app = await buildApp({ config, database, storage, clientDir: null, logger: false });
  await app.ready();
  return {
    app,
    config,
    keyring,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let template: Blob | undefined;

/** The run's migrated empty database (tests/support/pglite-template-setup.ts), read once per test file. */
function pgliteTemplate(): { template?: Blob } {
  const file = process.env.AIPOS_PGLITE_TEMPLATE;
  if (!file || process.env.DATABASE_URL) return {};
  template ??= new Blob([readFileSync(file)]);
  return { template };
}

/**
 * One app for the enclosing suite: built before its tests (then `prepare`, e.g. a user), closed after
 * them. The returned object is filled by the hook, so read it inside tests only. `options` given as a
 * function is read when the hook runs: after the hooks registered before it, e.g. a test server's start.
 */
export function testAppPerSuite(
  options: TestAppOptions | (() => TestAppOptions) = {},
  prepare?: (t: TestApp) => Promise<unknown>,
): TestApp {
  const held = {} as TestApp;
  beforeAll(async () => {
    Object.assign(held, await buildTestApp(typeof options === 'function' ? options() : options));
    await prepare?.(held);
  });
  afterAll(async () => {
    await held.close?.();
  });
  return held;
}
