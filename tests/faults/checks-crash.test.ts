import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/server/db/data-dir-lock.js';
import { startServer, type RunningServer } from '../e2e/support/server-process.js';
import { makeNoisyJpeg, registerOverHttp } from '../support/registration-fixtures.js';
import { AdminClient } from './support/admin-client.js';
import { faultServerEnv } from './support/fault-settings.js';

type Check = { kind: string; result: string };

async function killHard(server: RunningServer): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGKILL');
  await exited;
}

/** Rows of the stopped server's embedded database, read directly (holding its lock). */
async function queryStopped(dataDir: string, text: string): Promise<Record<string, unknown>[]> {
  const unlock = lockDataDir(dataDir);
  const db = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  try {
    return (await db.query<Record<string, unknown>>(text)).rows;
  } finally {
    await db.close();
    unlock();
  }
}

/**
 * The machine checks' job queue through a kill -9 in the middle of it: the jobs survive in the database,
 * the one running comes due again when its lease ends, and each job finishes once with its results
 * stored once (docs/decisions/0036).
 */
describe('machine checks survive kill -9 mid-queue', () => {
  let server: RunningServer | undefined;
  afterAll(async () => {
    if (server) await killHard(server);
  });

  it('finishes every queued job once after a restart', { timeout: 600_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'aipos-faults-checks-'));
    const env = {
      ...faultServerEnv(dataDir, undefined),
      CHECKS_WORKER: 'on',
      CHECKS_LEASE_MS: '2000',
      CHECKS_POLL_INTERVAL_MS: '200',
      CHECKS_RETRY_BASE_MS: '200',
    };
    server = await startServer(env);
    const jpeg = await makeNoisyJpeg(640, 480);
    const codes: string[] = [];
    for (let i = 0; i < 4; i += 1)
      codes.push((await registerOverHttp(server.baseUrl, { overrides: { nama_toko: `Warung Periksa ${i}` }, jpeg })).kode_pendaftaran);
    let admin = await AdminClient.signIn(server.baseUrl);
    const ids = await Promise.all(codes.map(async (code) => (await admin.findByCode(code))[0]!.id));
    const checksOf = async (id: string) => (await admin.json<{ checks: Check[] }>(`/api/admin/merchants/${id}/checks`)).checks;
    const waiting = async () => {
      let count = 0;
      for (const id of ids) if ((await checksOf(id)).some((check) => check.result === 'menunggu')) count += 1;
      return count;
    };
    // Killed once the worker has finished some registrations and not all: a queue left in the middle.
    await expect.poll(waiting, { timeout: 240_000, interval: 100 }).toBeLessThan(ids.length);
    expect(await waiting()).toBeGreaterThan(0);
    await killHard(server);

    server = await startServer(env);
    admin = await AdminClient.signIn(server.baseUrl);
    await expect.poll(waiting, { timeout: 300_000, interval: 500 }).toBe(0);
    await server.stop();
    server = undefined;

    const jobs = await queryStopped(dataDir, `select state, attempts from jobs`);
    expect(jobs.map((job) => job.state)).toEqual(Array.from({ length: ids.length }, () => 'done'));
    const counts = await queryStopped(
      dataDir,
      `select merchant_id, kind, slot, count(*)::int as n from merchant_checks group by 1, 2, 3 having count(*) > 1`,
    );
    expect(counts).toEqual([]);
  });
});
