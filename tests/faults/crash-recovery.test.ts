import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/support/server-process.js';
import { createFreshDatabase, type FreshDatabase } from '../support/fresh-database.js';
import {
  makeNoisyJpeg,
  registerOverHttp,
  REQUIRED_SLOTS,
  UnexpectedStatus,
  type HttpRegistration,
} from '../support/registration-fixtures.js';
import { AdminClient, mapLimit } from './support/admin-client.js';
import { ageStagedUploads, ageTempFiles, inspectDatabase } from './support/database-inspection.js';
import {
  CRASH_CLIENTS,
  CRASH_MAX_DELAY_MS,
  CRASH_MIN_DELAY_MS,
  CRASH_ROUNDS,
  ENGINES,
  faultServerEnv,
  faultsRandom,
} from './support/fault-settings.js';
import { secretsInLog } from './support/log-secrets.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type RoundResult = { registered: HttpRegistration[]; serverErrors: string[] };

async function killHard(server: RunningServer): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGKILL');
  // Waiting for 'exit' also reaps the child: a zombie would still answer kill(pid, 0) and keep the lock "alive".
  await exited;
}

/**
 * One round: CRASH_CLIENTS applicants register in a loop until the server is killed with SIGKILL at a random
 * moment. A registration counts only when its 201 arrived; whatever was in flight is the crash's to lose.
 */
async function crashRound(server: RunningServer, round: number, jpeg: Buffer, random: () => number): Promise<RoundResult> {
  const registered: HttpRegistration[] = [];
  const serverErrors: string[] = [];
  let killed = false;
  const client = async (index: number) => {
    for (let n = 0; !killed; n += 1) {
      try {
        registered.push(await registerOverHttp(server.baseUrl, { overrides: { nama_toko: `Warung Uji r${round}c${index}n${n}` }, jpeg }));
      } catch (error) {
        // A refusal (4xx) or a 5xx before the kill is a finding; a network error after it is the crash itself.
        if (error instanceof UnexpectedStatus && !killed) serverErrors.push(error.message);
        if (!(error instanceof UnexpectedStatus) && !killed)
          serverErrors.push(`network error before the kill: ${(error as Error).message}`);
      }
    }
  };
  const clients = Array.from({ length: CRASH_CLIENTS }, (_, i) => client(i));
  // The fault itself, not a wait for something: the kill lands wherever the registrations are by then.
  await sleep(CRASH_MIN_DELAY_MS + random() * (CRASH_MAX_DELAY_MS - CRASH_MIN_DELAY_MS));
  killed = true;
  await killHard(server);
  await Promise.all(clients);
  return { registered, serverErrors };
}

type Engine = 'pglite' | 'postgres';

// Both engines at once: each round waits on a fixed window and a restart, so running them side by side
// halves the wall time without changing what is checked (decision 0026).
describe.concurrent.each(ENGINES.map((engine) => [engine] as [Engine]))('kill -9 during concurrent registrations on %s', (engine) => {
  let database: FreshDatabase | undefined;
  let server: RunningServer | undefined;

  afterAll(async () => {
    if (server) await killHard(server);
    await database?.drop();
  });

  it(`keeps every acknowledged registration and its documents over ${CRASH_ROUNDS} kills`, { timeout: 900_000 }, async ({ expect }) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `aipos-faults-crash-${engine}-`));
    database = engine === 'postgres' ? await createFreshDatabase() : undefined;
    const env = faultServerEnv(dataDir, database?.url);
    const lockFile = path.join(dataDir, 'server.lock');
    const jpeg = await makeNoisyJpeg(320, 240);
    const acknowledged: HttpRegistration[] = [];
    const serverErrors: string[] = [];
    const restartTimes: number[] = [];
    const random = faultsRandom(`crash ${engine}`);

    for (let round = 1; round <= CRASH_ROUNDS; round += 1) {
      const started = Date.now();
      server = await startServer(env);
      restartTimes.push(Date.now() - started);
      if (engine === 'pglite') {
        // The lock left by the killed process names a dead pid: the new server must have taken it over.
        expect(readFileSync(lockFile, 'utf8')).toBe(String(server.process.pid));
      }
      const result = await crashRound(server, round, jpeg, random);
      acknowledged.push(...result.registered);
      serverErrors.push(...result.serverErrors);
      if (engine === 'pglite') expect(existsSync(lockFile), 'kill -9 leaves the lock file behind').toBe(true);
    }

    // The last restart: clean, and every 201 is there through the admin API with all five documents.
    const started = Date.now();
    server = await startServer(env);
    restartTimes.push(Date.now() - started);
    if (engine === 'pglite') expect(readFileSync(lockFile, 'utf8')).toBe(String(server.process.pid));
    const admin = await AdminClient.signIn(server.baseUrl);
    const unreadable: string[] = [];
    await mapLimit(acknowledged, 8, async (registration) => {
      const found = await admin.findByCode(registration.kode_pendaftaran);
      if (found.length !== 1) {
        unreadable.push(`${registration.kode_pendaftaran}: found ${found.length}`);
        return;
      }
      for (const slot of REQUIRED_SLOTS) {
        const response = await admin.fetch(`/api/admin/merchants/${found[0]!.id}/documents/${slot}`);
        const bytes = Buffer.from(await response.arrayBuffer());
        if (response.status !== 200 || bytes.length === 0 || response.headers.get('content-type') !== 'image/jpeg') {
          unreadable.push(`${registration.kode_pendaftaran}/${slot}: ${response.status}, ${bytes.length} bytes`);
        }
      }
    });
    const { stop } = server;
    await stop();
    server = undefined;

    const inspection = await inspectDatabase(dataDir, database?.url);
    const byCode = new Map(inspection.merchants.map((m) => [m.kode_pendaftaran, m]));
    const log = readFileSync(path.join(dataDir, 'server.log'), 'utf8');
    const errorLines = log.split('\n').filter((line) => /"level":(50|60)/.test(line));

    console.log(
      `[crash ${engine}] ${CRASH_ROUNDS} kills, ${acknowledged.length} registrations acknowledged, ${inspection.merchants.length} merchants stored, ` +
        `${inspection.stagedRows} staged uploads left unclaimed, ${inspection.unreferencedFiles.length} files without a row, ${inspection.tempFiles.length} interrupted temp files, ` +
        `restarts (ms): ${restartTimes.join(' ')}`,
    );

    expect(serverErrors, 'no refusal and no 5xx while the server was up').toEqual([]);
    expect(acknowledged.length, 'registrations got through between kills').toBeGreaterThan(0);
    expect(unreadable, 'every 201 is listed once with its five documents readable').toEqual([]);
    expect(
      acknowledged.filter((r) => !byCode.has(r.kode_pendaftaran)).map((r) => r.kode_pendaftaran),
      'every 201 is stored',
    ).toEqual([]);
    expect(new Set(inspection.merchants.map((m) => m.idempotency_key)).size, 'no registration stored twice').toBe(
      inspection.merchants.length,
    );
    expect(
      inspection.merchants.filter((m) => m.keys.length !== REQUIRED_SLOTS.length).map((m) => m.kode_pendaftaran),
      'no merchant without its documents',
    ).toEqual([]);
    expect(inspection.missingFiles, 'no merchant points at a missing file').toEqual([]);
    expect(inspection.claimedWithoutMerchant, 'no claimed upload without its merchant').toBe(0);
    expect(inspection.claimMismatches, "a merchant's documents are exactly its claimed uploads").toBe(0);
    expect(inspection.unreferencedFiles, 'no stored file that no row refers to (nothing would purge it)').toEqual([]);
    expect(errorLines, 'no error logged by any server run').toEqual([]);

    // Orphans are purged later: a day on (the staged rows aged in the database), the next boot's purge
    // removes every unclaimed upload, row and file, and touches no merchant's document.
    const aged = await ageStagedUploads(dataDir, database?.url);
    const agedTemps = ageTempFiles(dataDir);
    server = await startServer(env);
    const reported = (line: string) => readFileSync(path.join(dataDir, 'server.log'), 'utf8').includes(line);
    await expect
      .poll(
        () =>
          (aged === 0 || reported(`"count":${aged},"msg":"purged unclaimed staged uploads"`)) &&
          (agedTemps === 0 || reported(`"count":${agedTemps},"msg":"purged interrupted file writes"`)),
        { timeout: 60_000, interval: 250, message: `the boot purge reports ${aged} uploads and ${agedTemps} temp files` },
      )
      .toBe(true);
    await server.stop();
    server = undefined;
    const purged = await inspectDatabase(dataDir, database?.url);
    console.log(
      `[crash ${engine}] boot purge removed ${aged} aged staged uploads and ${agedTemps} interrupted temp files; ${purged.tempFiles.length} temp files remain`,
    );
    expect(purged.stagedRows).toBe(0);
    expect(purged.tempFiles, 'no half-written document left on disk').toEqual([]);
    expect(purged.merchants).toHaveLength(inspection.merchants.length);
    expect(purged.missingFiles).toEqual([]);
    expect(purged.unreferencedFiles).toEqual([]);
    expect(secretsInLog(path.join(dataDir, 'server.log')), 'no NIK, account number, password or session token logged').toEqual([]);
  });
});
