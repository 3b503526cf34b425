import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dumpPglite, openDatabase } from '../../src/server/db/database.js';

let dir: string | undefined;

/**
 * Vitest globalSetup: initdb and the migrations once per run instead of once per test file (most of a
 * test file's setup time, docs/decisions/0024). buildTestApp starts each in-memory database from the
 * dump named by AIPOS_PGLITE_TEMPLATE.
 */
export async function setup(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const dump = await dumpPglite(database);
  await database.close();
  dir = mkdtempSync(path.join(tmpdir(), 'aipos-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  // The test workers inherit this process's environment.
  process.env.AIPOS_PGLITE_TEMPLATE = file;
}

export function teardown(): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
