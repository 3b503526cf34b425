import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../../src/server/db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty embedded database as a dump; '' when the suites run on a PostgreSQL server. */
    pgliteTemplate: string;
  }
}

let dir: string | undefined;

/**
 * Vitest globalSetup: initdb and the migrations once per run instead of once per test file (most of a
 * test file's setup time, docs/decisions/0024). buildTestApp starts each in-memory database from it.
 */
export async function setup(project: TestProject): Promise<void> {
  if (process.env.DATABASE_URL) return project.provide('pgliteTemplate', '');
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const dump = await dumpPglite(database);
  await database.close();
  dir = mkdtempSync(path.join(tmpdir(), 'aipos-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
}

export function teardown(): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
