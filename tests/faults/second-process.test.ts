import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/support/server-process.js';
import { freePortForTest } from '../support/free-port.js';
import { registerOverHttp, type HttpRegistration } from '../support/registration-fixtures.js';
import { AdminClient } from './support/admin-client.js';
import { inspectDatabase } from './support/database-inspection.js';
import { FAULTS_ADMIN } from './support/fault-settings.js';

type Exit = { code: number | null; stdout: string; stderr: string; ms: number };

/** The built server started exactly as production starts it, waited for until it exits by itself. */
function runSecondServer(dataDir: string, port: number): Promise<Exit> {
  const started = Date.now();
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, [`${process.env.BUILD_DIR ?? 'dist'}/server/server.js`], {
    env: { ...env, NODE_ENV: 'production', REQUIRE_ADMIN_MFA: 'false', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    }),
  );
}

/** An npm script against the same DATA_DIR, through npm as a person would run it. */
function npmScript(dataDir: string, args: string[]): Exit {
  const started = Date.now();
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const result = spawnSync('npm', ['run', '--silent', ...args], {
    env: { ...env, DATA_DIR: dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, ms: Date.now() - started };
}

describe('a second process on the DATA_DIR of a running server (PGlite)', () => {
  let server: RunningServer | undefined;
  let dataDir: string;
  let registered: HttpRegistration;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'aipos-faults-second-'));
    server = await startServer({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: FAULTS_ADMIN.email,
      ADMIN_PASSWORD: FAULTS_ADMIN.password,
      COOKIE_SECURE: 'false',
    });
    registered = await registerOverHttp(server.baseUrl, { overrides: { nama_toko: 'Warung Uji second-process' } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('refuses a second server with one line naming the DATA_DIR, and the first keeps serving', async () => {
    const second = await runSecondServer(dataDir, await freePortForTest());
    console.log(`[second-process] second server exited with ${second.code} after ${second.ms} ms: ${second.stderr.trim()}`);
    expect(second.code).toBe(1);
    const lines = second.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`DATA_DIR ${dataDir}`);
    expect(lines[0]).toContain(`pid ${server!.process.pid}`);
    expect(second.stdout.trim()).toBe('');
    // Refused before opening the database: the first server's lock and data are untouched.
    expect(readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toBe(String(server!.process.pid));
    const admin = await AdminClient.signIn(server!.baseUrl);
    expect((await admin.findByCode(registered.kode_pendaftaran)).map((m) => m.kode_pendaftaran)).toEqual([registered.kode_pendaftaran]);
  });

  it('refuses npm run db:seed and npm run user:create while the server runs', () => {
    const seed = npmScript(dataDir, ['db:seed', '--', '--merchants', '5']);
    expect(seed.code).not.toBe(0);
    expect(seed.stderr).toContain(`DATA_DIR ${dataDir} is in use`);
    const user = npmScript(dataDir, ['user:create', '--', '--email', 'second@aipos.test', '--password', 'rendang-padang-lezat-sekali']);
    expect(user.code).not.toBe(0);
    expect(user.stderr).toContain(`DATA_DIR ${dataDir} is in use`);
    console.log(`[second-process] db:seed refused in ${seed.ms} ms, user:create refused in ${user.ms} ms`);
  });

  it('after a clean stop the lock is gone, the tools run, and nothing was written while they were refused', async () => {
    await server!.stop();
    server = undefined;
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    const before = await inspectDatabase(dataDir);
    expect(before.merchants.map((m) => m.kode_pendaftaran)).toEqual([registered.kode_pendaftaran]);
    const seed = npmScript(dataDir, ['db:seed', '--', '--merchants', '3']);
    expect(seed.code, seed.stderr).toBe(0);
    expect((await inspectDatabase(dataDir)).merchants).toHaveLength(4);
  });
});
