import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../src/server/db/database.js';

let dir: string | undefined;

/**
 * Vitest globalSetup of the suites that start the built server: one embedded database, initialised and
 * migrated once per run; startServer copies it into each new DATA_DIR instead of every server running
 * initdb and the migrations again (about 2.5 s per start, some twenty starts per CI run; decision 0026). The
 * built server's own first start on a new directory is still checked by the browser suite's shared server
 * (global-setup.ts) and measured by `npm run bench`.
 */
export async function setup(): Promise<void> {
  if (process.env.AIPOS_E2E_PGDATA_TEMPLATE) return;
  dir = mkdtempSync(path.join(tmpdir(), 'aipos-pgdata-template-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  await database.close();
  // The test workers inherit this process's environment.
  process.env.AIPOS_E2E_PGDATA_TEMPLATE = path.join(dir, 'pgdata');
}

export function teardown(): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
