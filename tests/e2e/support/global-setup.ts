import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { checkServerLogs } from './log-check.js';
import { setup as setupDatabaseTemplate, teardown as teardownDatabaseTemplate } from './pglite-data-template.js';
import { startServer, type RunningServer } from './server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

let server: RunningServer | undefined;
let logList: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  // Set before any server starts: the test workers inherit this environment, so their servers list their logs too.
  logList = path.join(mkdtempSync(path.join(tmpdir(), 'aipos-e2e-logs-')), 'server-logs.txt');
  writeFileSync(logList, '');
  process.env.E2E_LOG_LIST = logList;
  await setupDatabaseTemplate();
  // The shared server makes its database itself: the built server's first start on a new DATA_DIR
  // (initdb, every migration) is checked once per run; the suites' own servers start from the template.
  server = await startServer({}, { freshDatabase: true });
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
}

/** Last, once every server of the run has stopped and written its whole log: the log check (log-check.ts). */
export async function teardown(): Promise<void> {
  await server?.stop();
  teardownDatabaseTemplate();
  if (logList) checkServerLogs(logList);
}
