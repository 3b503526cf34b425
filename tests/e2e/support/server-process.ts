import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, createWriteStream, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePortForTest } from '../../support/free-port.js';
import { createFreshDatabase } from '../../support/fresh-database.js';

export type RunningServer = {
  baseUrl: string;
  dataDir: string;
  logFile: string;
  process: ChildProcess;
  stop(): Promise<void>;
};

/**
 * Starts the built server (`npm run build` first) as production runs it, on a throwaway DATA_DIR. The
 * second factor, required by default in production, is off unless a suite turns it on: most suites sign
 * in with a password only, and the TOTP suites enrol explicitly.
 */
/** The key every test server on PostgreSQL shares (two instances must read each other's rows). */
export const E2E_DATA_ENCRYPTION_KEY = Buffer.alloc(32, 9).toString('base64');

export type StartOptions = {
  /** The server's own first start on a new DATA_DIR (initdb, every migration) instead of the run's template. */
  freshDatabase?: boolean;
  /**
   * A folder holding a build as `dist/` with its package.json and production node_modules: the server runs
   * there, from that folder, with only PATH and HOME of this process's environment (nothing of the checkout).
   */
  packageRoot?: string;
};

export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const port = await freePortForTest();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'aipos-e2e-'));
  copyDatabaseTemplate(env, dataDir, options);
  const logFile = path.join(dataDir, 'server.log');
  // The log check at the end of the run (log-check.ts, the e2e global teardown) reads every server's log.
  if (process.env.E2E_LOG_LIST) appendFileSync(process.env.E2E_LOG_LIST, `${logFile}\n`);
  const log = createWriteStream(logFile, { flags: 'a' });
  const root = options.packageRoot;
  const inherited = root ? { PATH: process.env.PATH, HOME: process.env.HOME } : process.env;
  const child = spawn(process.execPath, [root ? 'dist/server/server.js' : `${process.env.BUILD_DIR ?? 'dist'}/server/server.js`], {
    ...(root ? { cwd: root } : {}),
    env: {
      ...inherited,
      // The machine checks (OCR, photo hashes) only where a test is about them: elsewhere they would take the
      // CPU the browser and the server under test need on a 2-core machine.
      CHECKS_WORKER: 'off',
      // The suites' webhook receivers listen on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE: '1',
      NODE_ENV: 'production',
      REQUIRE_ADMIN_MFA: 'false',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(env.DATABASE_URL ? { DATA_ENCRYPTION_KEY: E2E_DATA_ENCRYPTION_KEY } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child);
  return {
    baseUrl,
    dataDir,
    logFile,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      log.end();
    },
  };
}

/**
 * A new embedded database from the run's migrated template (pglite-data-template.ts), unless the suite
 * asks for the server's own first start or the directory already holds a database (a restart).
 */
function copyDatabaseTemplate(env: Record<string, string>, dataDir: string, options: StartOptions): void {
  const template = process.env.AIPOS_E2E_PGDATA_TEMPLATE;
  const target = path.join(dataDir, 'pgdata');
  if (!template || options.freshDatabase || env.DATABASE_URL || existsSync(target)) return;
  cpSync(template, target, { recursive: true });
}

export type TwoInstances = { servers: [RunningServer, RunningServer]; databaseUrl: string; stop(): Promise<void> };

/**
 * Two server processes on one fresh PostgreSQL database, as a deployment with several instances runs. One
 * after the other: the first runs the migrations (and creates the admin), the second finds them done.
 */
export async function startTwoInstances(env: Record<string, string>, prefix: string): Promise<TwoInstances> {
  const database = await createFreshDatabase({ prefix });
  const started: RunningServer[] = [];
  const stop = async () => {
    for (const server of started) await server.stop();
    await database.drop();
  };
  try {
    for (let i = 0; i < 2; i += 1) started.push(await startServer({ DATABASE_URL: database.url, ...env }));
  } catch (error) {
    await stop();
    throw error;
  }
  return { servers: started as [RunningServer, RunningServer], databaseUrl: database.url, stop };
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before it was healthy`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy within 60 s');
}
