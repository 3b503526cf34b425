import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { parseConfig } from '../../src/server/config.js';
import { installKeyringFromConfig } from '../../src/server/crypto/key-source.js';
import { openDatabase, type Database } from '../../src/server/db/database.js';
import { LocalDiskStorage } from '../../src/server/storage/local-disk-storage.js';
import { TEST_DATA_ENCRYPTION_KEY } from './build-test-app.js';
import { createFreshDatabase, LOCAL_POSTGRES_URL } from './fresh-database.js';

export type Instances = {
  apps: FastifyInstance[];
  databases: Database[];
  /** What both instances logged at warn and above. */
  logs: string[];
  close(): Promise<void>;
};

/**
 * Two apps as two processes run them: each its own connection pool on ONE fresh PostgreSQL database (the
 * local server, or DATABASE_URL), one storage folder between them. PGlite is one process, so never PGlite.
 */
export async function twoInstances(env: Record<string, string>): Promise<Instances> {
  const fresh = await createFreshDatabase({ serverUrl: LOCAL_POSTGRES_URL, prefix: 't' });
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
    LOG_LEVEL: 'warn',
    WEBHOOK_ALLOW_PRIVATE: '1',
    ...env,
  });
  installKeyringFromConfig(config, { info: () => {} });
  const filesDir = mkdtempSync(path.join(tmpdir(), 'aipos-two-'));
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const apps: FastifyInstance[] = [];
  const databases: Database[] = [];
  // One after the other: both would otherwise run the migrations at once.
  for (let i = 0; i < 2; i += 1) {
    const database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 5 });
    databases.push(database);
    const app = await buildApp({
      config,
      database,
      storage: new LocalDiskStorage(filesDir),
      clientDir: null,
      logger: { level: config.LOG_LEVEL, stream },
    });
    await app.ready();
    apps.push(app);
  }
  return {
    apps,
    databases,
    logs,
    async close() {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      await fresh.drop();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** Two instances for the enclosing suite; `env` is read when its hook runs (after earlier hooks). */
export function twoInstancesPerSuite(env: () => Record<string, string>): Instances {
  const held = { apps: [], databases: [], logs: [] } as unknown as Instances;
  beforeAll(async () => {
    Object.assign(held, await twoInstances(env()));
  }, 120_000);
  afterAll(async () => {
    await held.close?.();
  });
  return held;
}
