import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { registerOverHttp } from '../support/registration-fixtures.js';
import { startServer, type RunningServer } from './support/server-process.js';

const run = promisify(execFile);

const BUILD_DIR = process.env.BUILD_DIR ?? 'dist';
const ADMIN = { email: 'standalone-admin@aipos.test', password: 'rendang-padang-pedas-manis' };

/**
 * What a deployment copies is all the built server has: BUILD_DIR (as dist/), package.json, the lock file
 * and drizzle/, in an empty folder outside the checkout, with production dependencies only. A file read
 * from src/ (the common-password list once was) or a module only installed for development fails here.
 */
describe('the build on its own', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'aipos-standalone-'));
  let server: RunningServer | undefined;

  afterAll(async () => {
    await server?.stop();
    // 450 MB of dependencies and the build go, in the background (removing their 28,000 files took 7 s here);
    // the data folder stays, its log for the run's log check.
    spawn('rm', ['-rf', path.join(folder, 'node_modules'), path.join(folder, 'dist')], { detached: true, stdio: 'ignore' }).unref();
  });

  it('installs its production dependencies, starts, migrates, and takes and finds a registration', { timeout: 300_000 }, async () => {
    const started = Date.now();
    cpSync(BUILD_DIR, path.join(folder, 'dist'), { recursive: true });
    for (const file of ['package.json', 'package-lock.json']) cpSync(file, path.join(folder, file));
    cpSync('drizzle', path.join(folder, 'drizzle'), { recursive: true });

    const built = readdirSync(path.join(folder, 'dist'), { recursive: true, encoding: 'utf8' });
    expect(
      built.filter((file) => /\.test\.|(^|[\\/])seed[\\/]|fake-merchants/.test(file)),
      'no test or seed-data code in the build',
    ).toEqual([]);

    // Offline from npm's cache when it holds every package (CI's own `npm ci` filled it); npm's own
    // variables from a run under `npm run` stay out, they describe the checkout's install.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
    await run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: folder,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    const installed = Date.now();
    expect(existsSync(path.join(folder, 'node_modules', 'vitest')), 'development dependencies are not installed').toBe(false);

    const dataDir = path.join(folder, 'data');
    mkdirSync(dataDir);
    // ADMIN_PASSWORD is checked against the common-password list at start; freshDatabase: the server's own
    // first start runs every migration of the copied drizzle/.
    server = await startServer(
      { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      { packageRoot: folder, freshDatabase: true },
    ).catch((error: Error) => {
      const log = path.join(dataDir, 'server.log');
      throw new Error(`${error.message}\n${existsSync(log) ? readFileSync(log, 'utf8').slice(-3000) : ''}`);
    });
    const healthy = Date.now();

    const registration = await registerOverHttp(server.baseUrl, { overrides: { nama_toko: 'Warung Berdiri Sendiri' } });
    const lookup = await fetch(`${server.baseUrl}/api/status/lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kode_pendaftaran: registration.kode_pendaftaran, receipt_token: registration.receipt_token }),
    });
    expect(lookup.status).toBe(200);
    expect(await lookup.json()).toMatchObject({
      kode_pendaftaran: registration.kode_pendaftaran,
      nama_toko: 'Warung Berdiri Sendiri',
      status: 'processing',
    });
    // The client travels in the build too: the landing page is served from dist/client.
    const landing = await fetch(server.baseUrl);
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('<div id="root">');

    await server.stop();
    server = undefined;
    const errors = readFileSync(path.join(dataDir, 'server.log'), 'utf8')
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    expect(errors, 'no error logged').toEqual([]);
    console.log(
      `[standalone] copy and npm ci --omit=dev ${((installed - started) / 1000).toFixed(1)} s, first start with migrations ` +
        `${((healthy - installed) / 1000).toFixed(1)} s, registration and lookup ${((Date.now() - healthy) / 1000).toFixed(1)} s`,
    );
  });
});
