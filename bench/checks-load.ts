/**
 * The machine checks' cost on the real server (docs/performance.md "Machine checks", decision 0036):
 * `npm run bench:checks [-- --seconds 300 --no-build]`, on PostgreSQL (DATABASE_URL's server, default the
 * local one; a fresh database, dropped at the end). The built server runs as deployed, in its own process,
 * with the checks worker on; registrations arrive at one a second from a load generator of their own
 * (bench/outside/load-process.ts), each with five photos of its own: a drawn KTP card (read by the OCR)
 * and four 1600 x 1200 photos (~0.75 MB, drawn shapes under camera-like noise, all different, so the
 * reused-photo lookup finds nothing to compare).
 *
 * 1. Requests alone: 30 registrations with the worker off (CPU per registration of the requests); then the
 *    server restarted with the worker on and idle but for those 30 jobs: CPU per registration of the checks.
 * 2. The stream: --seconds of arrivals, nothing else; seconds from each submission (the job's creation, in
 *    the registration's transaction) to its checks all stored (the job done): p50, p95, max.
 * 3. The stream with status lookups: --seconds of arrivals again, and meanwhile lookup runs against ours
 *    and against the bare route (bench/bare-server.ts) alternated, as `npm run bench` takes them: the ratio.
 * 4. The same with the worker off (the jobs wait): the ratio the registrations alone leave.
 * The checks' process runs at the server's default CHECKS_NICE unless the environment sets another.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { distinctPhoto, seeded } from '../tests/support/check-photos.js';
import { createFreshDatabase } from '../tests/support/fresh-database.js';
import { drawKtpCard, randomKtpPerson } from '../tests/support/ktp-card.js';
import { REQUIRED_SLOTS } from '../tests/support/registration-fixtures.js';
import { percentile, SERVE_MALLOC } from './bench-kit.js';
import { currentBuild, ROOT } from './outside/builds.js';
import { BARE_TS, BENCH_KEY, lookupRun, runNode, seededCodes, serverEnv, type SideResult } from './outside/engine-run.js';
import { runLoadProcess, type RegistrationResult } from './outside/load.js';
import { benchPhotos } from './outside/photos.js';
import { startChild, type Child } from './outside/proc.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '300' },
    'lookup-seconds': { type: 'string', default: '5' },
    'no-build': { type: 'boolean', default: false },
  },
});
const SECONDS = Number(values.seconds);
const LOOKUP_SECONDS = Number(values['lookup-seconds']);
const ALONE = 30;
const MERCHANTS = 2000;
const NODE_FLAGS = ['--max-semi-space-size=8'];
const LOOKUP_LOAD = { codes: seededCodes(MERCHANTS), clients: 20_000, connections: 10 };
/** How long the checks of the last arrival may take before the bench gives up waiting. */
const DRAIN_LIMIT_MS = 15 * 60_000;

/** Registration n's five photos (REQUIRED_SLOTS order), made once per machine and kept in the temporary directory. */
async function photoSets(count: number): Promise<string[][]> {
  const dir = path.join(tmpdir(), 'aipos-bench-checks-v1');
  mkdirSync(dir, { recursive: true });
  const grain = await sharp((await benchPhotos()).oneMb.files[0])
    .greyscale()
    .linear(0.5, 64)
    .toBuffer();
  const sets: string[][] = [];
  for (let n = 0; n < count; n += 1) {
    const files: string[] = [];
    for (const [i, slot] of REQUIRED_SLOTS.entries()) {
      const file = path.join(dir, `${n}-${slot}.jpg`);
      if (!existsSync(file)) {
        const image =
          slot === 'foto_ktp'
            ? await sharp(await drawKtpCard(randomKtpPerson(seeded(50_000 + n))))
                .jpeg({ quality: 90 })
                .toBuffer()
            : await sharp(await distinctPhoto(60_000 + n * 8 + i, 1600, 1200))
                .composite([{ input: grain, blend: 'overlay' }])
                .jpeg({ quality: 90 })
                .toBuffer();
        writeFileSync(file, image);
      }
      files.push(file);
    }
    sets.push(files);
  }
  return sets;
}

type Done = { code: string; seconds: number | null };

/** Each registration's seconds from its job's creation to the job done (null: not done within the limit). */
async function waitForChecks(databaseUrl: string, codes: string[]): Promise<Done[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + DRAIN_LIMIT_MS;
    for (;;) {
      const { rows } = await client.query<{ code: string; state: string; seconds: number | null }>(
        `select m.kode_pendaftaran as code, j.state, extract(epoch from (j.finished_at - j.created_at))::float8 as seconds
         from jobs j join merchants m on m.id = (j.payload->>'merchantId')::uuid
         where j.kind = 'merchant_checks' and m.kode_pendaftaran = any($1::text[])`,
        [codes],
      );
      const pending = rows.filter((row) => row.state === 'pending').length;
      if ((rows.length >= codes.length && pending === 0) || Date.now() > deadline) {
        return codes.map((code) => ({ code, seconds: rows.find((row) => row.code === code && row.state === 'done')?.seconds ?? null }));
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end();
  }
}

function describeDone(done: Done[]): string {
  const seconds = done.flatMap((d) => (d.seconds === null ? [] : [d.seconds])).sort((a, b) => a - b);
  const missing = done.length - seconds.length;
  const within = seconds.filter((s) => s <= 60).length;
  return `submission to every check done: p50 ${percentile(seconds, 50).toFixed(1)} s, p95 ${percentile(seconds, 95).toFixed(1)} s, max ${seconds.at(-1)?.toFixed(1)} s; ${within}/${done.length} within 60 s${missing ? `, ${missing} not done` : ''}`;
}

/** CHECKS_NICE passed on when set (serverEnv starts from an empty environment). */
const nice: Record<string, string> = process.env.CHECKS_NICE ? { CHECKS_NICE: process.env.CHECKS_NICE } : {};

const say = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

async function main(): Promise<void> {
  console.log(
    `machine: ${cpus().length} cores, Node ${process.version}; load average at start ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}; CHECKS_NICE ${nice.CHECKS_NICE ?? 'default'}`,
  );
  const sets = await photoSets(ALONE + 3 * SECONDS);
  const build = await currentBuild(!values['no-build']);
  const work = mkdtempSync(path.join(tmpdir(), 'aipos-checks-load-'));
  const fresh = await createFreshDatabase({
    serverUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    prefix: `bench_checks_${process.pid}`,
  });
  const children: Child[] = [];
  try {
    const dbEnv = { DATA_DIR: path.join(work, 'data'), DATA_ENCRYPTION_KEY: BENCH_KEY, DATABASE_URL: fresh.url };
    say(`seeding ${MERCHANTS} merchants ...`);
    await runNode(['--import', 'tsx', 'scripts/db-seed.ts', '--merchants', String(MERCHANTS)], dbEnv, build.root);
    const start = async (worker: 'on' | 'off') => {
      const child = await startChild(
        [...NODE_FLAGS, build.serverJs],
        serverEnv(dbEnv, { logLevel: undefined, clients: LOOKUP_LOAD.clients }, { CHECKS_WORKER: worker, ...nice }),
        work,
        path.join(work, 'ours.log'),
      );
      children.push(child);
      return child;
    };
    let offset = 0;
    const arrivals = (child: Child, count: number) => {
      const photoSets = sets.slice(offset, offset + count);
      const spec = {
        kind: 'registrations',
        url: child.url,
        uploadPath: '/api/uploads',
        submitPath: '/api/registrations',
        photos: [],
        concurrency: 1,
        count,
        perSecond: 1,
        photoSets,
      } as const;
      const result = runLoadProcess<RegistrationResult>({ ...spec, photos: [] }, work);
      offset += count;
      return result;
    };
    const registered = (result: RegistrationResult) =>
      `${result.registered} registered in ${result.seconds.toFixed(0)} s${Object.keys(result.failures).length ? ` (failed: ${JSON.stringify(result.failures)})` : ''}`;

    // 1. Requests alone, then the checks alone.
    say(`${ALONE} registrations at 1/s, checks worker off ...`);
    let ours = await start('off');
    let cpu = ours.cpuMs();
    const alone = await arrivals(ours, ALONE);
    const requestCpu = (ours.cpuMs() - cpu) / alone.registered;
    say(`  ${registered(alone)}; server CPU ${requestCpu.toFixed(0)} ms per registration (requests only)`);
    await ours.stop();
    ours = await start('on');
    cpu = ours.cpuMs();
    await waitForChecks(fresh.url, alone.codes);
    const checksCpu = (ours.cpuMs() - cpu) / alone.registered;
    say(
      `  restarted with the worker on: their checks took ${checksCpu.toFixed(0)} ms of server CPU per registration (the OCR reader's start included)`,
    );

    // 2. The stream alone.
    say(`${SECONDS} registrations at 1/s, checks worker on ...`);
    cpu = ours.cpuMs();
    ours.startPhase();
    const stream = await arrivals(ours, SECONDS);
    const streamDone = await waitForChecks(fresh.url, stream.codes);
    const streamCpu = (ours.cpuMs() - cpu) / stream.registered;
    say(
      `  ${registered(stream)}; ${describeDone(streamDone)}; server CPU ${streamCpu.toFixed(0)} ms per registration (requests and checks, the checks' process included); peak RSS ${ours.phasePeakMb().toFixed(0)} MB, the checks' process ${ours.phasePeakChildrenMb().toFixed(0)} MB`,
    );

    // 3. The stream with lookups, ours and bare alternated while the registrations arrive; then (4) the
    // same with the worker off, which tells the checks' share of any drop from the registrations' own.
    const bare = await startChild(
      [...NODE_FLAGS, '--import', 'tsx', BARE_TS],
      { ...dbEnv, BARE_DRIVER: 'pg', ...SERVE_MALLOC },
      ROOT,
      path.join(work, 'bare.log'),
    );
    children.push(bare);
    const withLookups = async (server: Child) => {
      const loaded = arrivals(server, SECONDS);
      let finished = false;
      loaded.then(
        () => (finished = true),
        () => (finished = true),
      );
      const runs: { ours: SideResult; bare: SideResult }[] = [];
      while (!finished) {
        const first = runs.length % 2 === 0 ? 'ours' : 'bare';
        const take = (side: string) =>
          side === 'ours'
            ? lookupRun(server, '/api/status/lookup', LOOKUP_SECONDS, LOOKUP_LOAD, work)
            : lookupRun(bare, '/lookup', LOOKUP_SECONDS, LOOKUP_LOAD, work);
        const a = await take(first);
        const b = await take(first === 'ours' ? 'bare' : 'ours');
        runs.push(first === 'ours' ? { ours: a, bare: b } : { ours: b, bare: a });
      }
      const ratios = runs.map((run) => run.ours.reqPerSec / run.bare.reqPerSec).sort((a, b) => a - b);
      const mean = (side: 'ours' | 'bare') => runs.reduce((total, run) => total + run[side].reqPerSec, 0) / runs.length;
      const text = `${runs.length} pairs of runs: ours ${mean('ours').toFixed(0)} req/s, bare ${mean('bare').toFixed(0)} req/s on average; ratio median ${percentile(ratios, 50).toFixed(2)} (runs ${ratios.map((r) => r.toFixed(2)).join(', ')}); non-2xx ours ${runs.reduce((n, run) => n + run.ours.non2xx, 0)}`;
      return { result: await loaded, median: percentile(ratios, 50), ours: mean('ours'), bare: mean('bare'), text };
    };
    say(
      `${SECONDS} registrations at 1/s with status lookups (${LOOKUP_LOAD.connections} connections, runs of ${LOOKUP_SECONDS} s, ours and bare alternated) ...`,
    );
    const on = await withLookups(ours);
    const loadedDone = await waitForChecks(fresh.url, on.result.codes);
    say(`  ${registered(on.result)}; ${describeDone(loadedDone)}`);
    say(`  lookups, ${on.text}`);
    await ours.stop();
    ours = await start('off');
    say(`the same with the checks worker off ...`);
    const off = await withLookups(ours);
    say(`  ${registered(off.result)}; lookups, ${off.text}`);

    console.log('\n---- figures ----');
    console.log(
      `CPU per registration: requests ${requestCpu.toFixed(0)} ms, checks ${checksCpu.toFixed(0)} ms (${ALONE} registrations each); both under the stream ${streamCpu.toFixed(0)} ms`,
    );
    console.log(`checks of a stream of ${SECONDS} at 1/s: ${describeDone(streamDone)}`);
    console.log(
      `with lookups alongside: ${describeDone(loadedDone)}; lookup ratio ours / bare median ${on.median.toFixed(2)} [>= 0.85] (the same stream with the worker off: ${off.median.toFixed(2)})`,
    );
    // The ratio alone flatters the checks: they hold back while ours is under load (busy-gate.ts) and run
    // while bare is measured, so bare is the one they slow. Ours with them on against ours with them off is the cost.
    console.log(
      `ours with the worker on / off: ${(on.ours / off.ours).toFixed(2)} (${on.ours.toFixed(0)} / ${off.ours.toFixed(0)} req/s); bare in the same phases ${on.bare.toFixed(0)} / ${off.bare.toFixed(0)} req/s`,
    );
    console.log(
      `load average at the end ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    for (const child of children) await child.stop();
    await fresh.drop().catch((error: unknown) => console.error('drop database:', (error as Error).message));
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
