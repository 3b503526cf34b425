// [DATABASE_URL=... [REDIS_URL=...]] npm run bench:side-by-side [-- --seconds 10 --slice 2 --warmup 2 --registration-seconds 20 --merchants 100000 --list-connections 1 --no-build
//                   --only lookup,list,registration,camera --engines pglite,postgres]   (camera: the registration again with five camera photos scaled in Chromium)   (--seconds 60 for a longer, steadier run)
// Builds the server into .build-bench, then on PGlite (and on PostgreSQL when DATABASE_URL is set, in a
// fresh database dropped afterwards) starts the real server in its own process, production mode, and
// loads it with autocannon on loopback; in the same run, the bare baseline (bench/bare-server.ts) gets the
// same load, both servers up at once and loaded in alternating turns. Prints one table per engine and the
// targets of docs/performance.md. Ratios are what to read: these machines are shared, so absolute figures move.
// `npm run bench` (bench/outside) is the reference: the server at its
// default log level, the load generator in a process of its own; docs/performance.md says why they differ.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { installKeyring } from '../src/server/crypto/identity-fields.js';
import { Keyring } from '../src/server/crypto/keyring.js';
import { createRandom } from '../src/server/seed/fake-merchants.js';
import { JPEG_OUTPUT } from '../src/server/uploads/document-processing.js';
import { createFreshDatabase } from '../tests/support/fresh-database.js';
import { multipartBody, registrationBody } from '../tests/support/registration-fixtures.js';
import {
  benchArgs,
  mergeLoads,
  runLoad,
  sleep,
  startServer,
  type LoadResult,
  type ServerProcess,
  type TaggedRequest,
} from './bench-kit.js';
import { cameraPhotosScaledInBrowser, reencodeMedianMs, type ScaledPhotos } from './camera-photos.js';
import { jpegNearSize } from './jpeg-near-size.js';
import { listStatements } from './list-sql.js';
import { freePort } from './outside/proc.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILD_DIR = '.build-bench';
const SERVER_JS = path.join(ROOT, BUILD_DIR, 'server/server.js');
const BARE_TS = path.join(ROOT, 'bench/bare-server.ts');

const values = benchArgs({
  seconds: 10,
  warmup: 2,
  merchants: 100_000,
  'list-connections': 1,
  slice: 2,
  // Six requests with five 1 MB images make one registration: a turn must hold several of them.
  'registration-seconds': 20,
  'no-build': false,
  only: 'lookup,list,registration,camera',
  // PostgreSQL needs DATABASE_URL; `--engines postgres` skips PGlite.
  engines: process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite',
});
const SECONDS = values.seconds;
const WARMUP = values.warmup;
const MERCHANTS = values.merchants;
const LIST_CONNECTIONS = values['list-connections'];
const SLICE = values.slice;
const REGISTRATION_SECONDS = values['registration-seconds'];
const ONLY = new Set(values.only.split(','));
const ADMIN = { email: 'bench-admin@aipos.test', password: 'bench-password-panjang-sekali' };
const UNLIMITED = '100000000';
const BENCH_PHOTO_NOTE = '1600 x 1200 JPEG, ~1 MB';
// One data key for the servers and this process: the list queries the bare server runs carry the keyed
// hashes of the search terms (decision 0013), which must be the ones the real server computes.
const BENCH_KEY = Buffer.alloc(32, 3);
installKeyring(new Keyring(BENCH_KEY));

type Engine = 'pglite' | 'postgres';
/** Median time to decode and re-encode one benchmark photo with sharp in this process. */
let reencodeMs = Number.NaN;
type Row = {
  scenario: string;
  server: 'ours' | 'bare';
  load: LoadResult;
  rssMb: number;
  /** Registrations completed per second (registration scenario only). */
  perSecond?: number;
  /** The server's CPU time (all threads) per completed registration, in ms (registration scenario only). */
  cpuMsPerRegistration?: number;
  /** Request bytes of one registration's five uploads (registration scenarios only). */
  uploadedBytes?: number;
};
/** The camera photos of this run, once scaled (the same for both engines). */
let camera: ScaledPhotos | null = null;
let cameraReencode = { original: Number.NaN, scaled: Number.NaN };

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    // DATABASE_URL only when the caller passes it: the PGlite runs must not seed the PostgreSQL server.
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const child = spawn(command, args, { cwd: ROOT, env: { ...inherited, ...env }, stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** The seeded codes are AIP-S plus four base-36 characters of the row's index (fake-merchants.ts). */
function seededCodes(n: number): string[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const random = createRandom(99);
  return Array.from({ length: n }, () => {
    let index = Math.floor(random() * MERCHANTS);
    let code = '';
    for (let i = 0; i < 4; i += 1) {
      code = alphabet[index % 36] + code;
      index = Math.floor(index / 36);
    }
    return `AIP-S${code}`;
  });
}

const LIST_SCENARIOS = [
  { name: 'admin list: first page', query: {} },
  // A typical search (a phone fragment: a handful of matches) and a broad one (a common word in 8% of names).
  { name: 'admin list: search phone "0812-34"', query: { q: '0812-34' } },
  { name: 'admin list: search word "berkah"', query: { q: 'berkah' } },
  { name: 'admin list: filter verified', query: { status: 'verified' } },
] as const;

/** The exact SQL the real server runs for each list scenario, for the bare server to run too. */
function listQueries(): Record<string, ReturnType<typeof listStatements>> {
  return Object.fromEntries(LIST_SCENARIOS.map((scenario, i) => [String(i), listStatements(scenario.query)]));
}

/**
 * A ~1 MB JPEG of a 2-megapixel phone photo: noise does not compress, so the size holds and the server
 * pays a real decode and encode. The quality is searched for the size closest to 1 MB.
 */
async function makePhoto(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const random = createRandom(5);
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = 64 + Math.floor(random() * 128);
  return jpegNearSize(raw, width, height, 1_000_000, { lowestQuality: 40 });
}

type Side = { server: ServerProcess; connections: number; requests: TaggedRequest[] };

/** Both sides' load results, then the CPU time (ms, all threads) each server used in its measured turns. */
type SideBySide = [LoadResult, LoadResult, [number, number]];

/**
 * Ours and bare, both running, loaded in turns of `slice` seconds (ours, bare, bare, ours, ...) until each
 * had SECONDS: the load of other processes on a shared machine then weighs on both alike, and the
 * ratio holds even when the absolute figures move.
 */
async function sideBySide(ours: Side, bare: Side, slice: number, total = SECONDS): Promise<SideBySide> {
  const go = (side: Side, seconds: number) =>
    runLoad({ url: side.server.url, connections: side.connections, seconds, requests: side.requests });
  if (WARMUP > 0) {
    await go(ours, WARMUP);
    await go(bare, WARMUP);
  }
  const turns = Math.max(1, Math.round(total / slice));
  const seconds = total / turns;
  const results: [LoadResult[], LoadResult[]] = [[], []];
  const cpu: [number, number] = [0, 0];
  for (let i = 0; i < turns; i += 1) {
    const order = i % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
    for (const which of order) {
      const side = which === 0 ? ours : bare;
      const before = side.server.cpuMs() ?? Number.NaN;
      results[which].push(await go(side, seconds));
      cpu[which] += (side.server.cpuMs() ?? Number.NaN) - before;
    }
  }
  return [mergeLoads(results[0]), mergeLoads(results[1]), cpu];
}

const REGISTRATION_SLOTS = ['foto_usaha', 'foto_produk', 'foto_ktp', 'foto_selfie_ktp', 'foto_kk'] as const;

/** Eight applicants each uploading these five photos and submitting, ours and bare in one turn each. */
async function registrationScenario(
  engine: Engine,
  scenario: string,
  photos: Buffer[],
  ours: (env?: Record<string, string>) => Promise<ServerProcess>,
  bare: () => Promise<ServerProcess>,
): Promise<Row[]> {
  const slots = REGISTRATION_SLOTS;
  const parts = await Promise.all(
    slots.map((slot, i) => multipartBody([{ name: slot, data: photos[i]!, filename: `${slot}.jpg`, contentType: 'image/jpeg' }])),
  );
  const uploadedBytes = parts.reduce((total, part) => total + part.payload.length, 0);
  const applicant = (uploadPath: string, submitPath: string): TaggedRequest[] => [
    ...slots.map((slot, i): TaggedRequest => ({
      kind: 'upload',
      method: 'POST',
      path: uploadPath,
      headers: parts[i]!.headers,
      body: parts[i]!.payload,
      onResponse: (status, body, context) => {
        if (status === 201) context[slot] = (JSON.parse(body) as { upload_id: string }).upload_id;
      },
    })),
    {
      kind: 'register',
      method: 'POST',
      path: submitPath,
      headers: { 'content-type': 'application/json' },
      setupRequest: (request, context) => ({
        ...request,
        headers: { ...request.headers, 'idempotency-key': randomUUID() },
        body: JSON.stringify(registrationBody(Object.fromEntries(slots.map((slot) => [slot, context[slot] as string])))),
      }),
    },
  ];
  console.log(`[${engine}] ${scenario} (${(uploadedBytes / 1024 / 1024).toFixed(2)} MB uploaded per registration) ...`);
  const o = await ours({ RATE_LIMIT_UPLOADS_PER_HOUR: UNLIMITED, RATE_LIMIT_REGISTRATIONS_PER_HOUR: UNLIMITED });
  const b = await bare();
  // One turn each: a registration (six requests) must fit in a turn, and shorter turns would cut many.
  const [ro, rb, cpu] = await sideBySide(
    { server: o, connections: 8, requests: applicant('/api/uploads', '/api/registrations') },
    { server: b, connections: 8, requests: applicant('/upload', '/register') },
    REGISTRATION_SECONDS,
    REGISTRATION_SECONDS,
  );
  const registered = (r: LoadResult) => r.byKind.get('register')?.statuses.get(201) ?? 0;
  const perSecond = (r: LoadResult) => registered(r) / r.seconds;
  await o.stop();
  await b.stop();
  // Uploads of a registration cut off by the end of a turn count in the CPU, not in the registrations.
  return [
    {
      scenario,
      server: 'ours',
      load: ro,
      rssMb: o.peakRssMb(),
      perSecond: perSecond(ro),
      cpuMsPerRegistration: cpu[0] / registered(ro),
      uploadedBytes,
    },
    {
      scenario,
      server: 'bare',
      load: rb,
      rssMb: b.peakRssMb(),
      perSecond: perSecond(rb),
      cpuMsPerRegistration: cpu[1] / registered(rb),
      uploadedBytes,
    },
  ];
}

async function benchEngine(engine: Engine): Promise<{ rows: Row[]; firstStartMb: number; seedSeconds: number; description: string }> {
  const work = mkdtempSync(path.join(tmpdir(), `aipos-bench-${engine}-`));
  const dataDir = path.join(work, 'data');
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (engine === 'postgres') {
    const fresh = await createFreshDatabase({ serverUrl: process.env.DATABASE_URL!, prefix: 'bench' });
    databaseUrl = fresh.url;
    dropDatabase = fresh.drop;
  }
  const dbEnv: Record<string, string> = {
    DATA_DIR: dataDir,
    DATA_ENCRYPTION_KEY: BENCH_KEY.toString('base64'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  // With REDIS_URL (the several-instance deployment of docs/deployment.md) the PostgreSQL server counts its
  // per-IP limits in Redis; without it, in PostgreSQL: one more statement per limited request (decision 0019).
  const redis: Record<string, string> = engine === 'postgres' && process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {};
  const oursEnv: Record<string, string> = {
    ...dbEnv,
    ...redis,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    COOKIE_SECURE: 'false',
    REQUIRE_ADMIN_MFA: 'false',
  };
  // On PGlite the bare server gets its own copy of the seeded data directory: both servers stay up side
  // by side, and two processes must never open one PGlite directory.
  const bareDataDir = path.join(work, 'bare-data');
  const bareEnv: Record<string, string> = {
    ...dbEnv,
    DATA_DIR: bareDataDir,
    BARE_DRIVER: engine === 'postgres' ? 'pg' : 'pglite',
    BARE_LIST_QUERIES: JSON.stringify(listQueries()),
  };
  const rows: Row[] = [];
  const servers: ServerProcess[] = [];
  const ours = async (env: Record<string, string> = {}) => {
    const server = await startServer('ours', [SERVER_JS], { ...oursEnv, ...env }, await freePort(), work);
    servers.push(server);
    return server;
  };
  const bare = async () => {
    const server = await startServer('bare', ['--import', 'tsx', BARE_TS], bareEnv, await freePort(), ROOT);
    servers.push(server);
    return server;
  };

  try {
    // The very first start: PGlite initialises a new database here, a peak docs/performance.md reports apart.
    const first = await ours();
    const limits =
      engine === 'pglite'
        ? 'limits in memory'
        : redis.REDIS_URL
          ? 'limits in Redis'
          : 'limits in memory, mirrored to PostgreSQL (one instance, decision 0052)';
    const description = `${first.output().match(/database: ([^"]+)/)?.[1] ?? engine}, ${limits}`;
    await sleep(500);
    const firstStartMb = first.peakRssMb();
    await first.stop();

    const seedStarted = Date.now();
    console.log(`[${engine}] seeding ${MERCHANTS} merchants with db:seed ...`);
    await run(process.execPath, ['--import', 'tsx', 'scripts/db-seed.ts', '--merchants', String(MERCHANTS)], dbEnv);
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    if (engine === 'pglite') cpSync(path.join(dataDir, 'pgdata'), path.join(bareDataDir, 'pgdata'), { recursive: true });

    if (ONLY.has('lookup')) {
      const codes = seededCodes(1000);
      const lookup = (pathName: string): TaggedRequest[] => {
        let next = 0;
        return [
          {
            method: 'POST',
            path: pathName,
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => ({ ...request, body: JSON.stringify({ kode_pendaftaran: codes[(next += 1) % codes.length] }) }),
          },
        ];
      };
      console.log(`[${engine}] status lookup ...`);
      const o = await ours({ RATE_LIMIT_LOOKUPS_PER_MINUTE: UNLIMITED });
      const b = await bare();
      const [ro, rb] = await sideBySide(
        { server: o, connections: 10, requests: lookup('/api/status/lookup') },
        { server: b, connections: 10, requests: lookup('/lookup') },
        SLICE,
      );
      const scenario = 'status lookup by code (10 conn)';
      rows.push({ scenario, server: 'ours', load: ro, rssMb: o.peakRssMb() }, { scenario, server: 'bare', load: rb, rssMb: b.peakRssMb() });
      await o.stop();
      await b.stop();
    }

    if (ONLY.has('list')) {
      console.log(`[${engine}] admin list ...`);
      const o = await ours({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
      const b = await bare();
      const login = await fetch(`${o.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
      const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
      const pending: [string, LoadResult, LoadResult][] = [];
      for (const [i, scenario] of LIST_SCENARIOS.entries()) {
        const search = new URLSearchParams(scenario.query as Record<string, string>).toString();
        const [ro, rb] = await sideBySide(
          {
            server: o,
            connections: LIST_CONNECTIONS,
            requests: [{ method: 'GET', path: `/api/admin/merchants${search ? `?${search}` : ''}`, headers: { cookie } }],
          },
          { server: b, connections: LIST_CONNECTIONS, requests: [{ method: 'GET', path: `/list/${i}` }] },
          SLICE,
        );
        pending.push([`${scenario.name} (${LIST_CONNECTIONS} conn)`, ro, rb]);
      }
      for (const [scenario, ro, rb] of pending) {
        rows.push(
          { scenario, server: 'ours', load: ro, rssMb: o.peakRssMb() },
          { scenario, server: 'bare', load: rb, rssMb: b.peakRssMb() },
        );
      }
      await o.stop();
      await b.stop();
    }

    if (ONLY.has('registration')) {
      const photo = await makePhoto();
      const encode = (input: Buffer) => sharp(input).rotate().jpeg(JPEG_OUTPUT).toBuffer();
      // What one photo costs the server's re-encoding (the same sharp calls), measured here.
      reencodeMs = await reencodeMedianMs(photo, encode);
      const photoSets: { scenario: string; photos: Buffer[] }[] = [
        { scenario: 'registration: 5 x 1 MB uploads + submit (8 applicants)', photos: Array(5).fill(photo) },
      ];
      if (ONLY.has('camera')) {
        console.log(`[${engine}] five 4000 x 3000 camera photos, scaled in Chromium as the wizard does ...`);
        camera = await cameraPhotosScaledInBrowser();
        cameraReencode = {
          original: await reencodeMedianMs(camera.originals[4]!, encode),
          scaled: await reencodeMedianMs(camera.scaled[4]!, encode),
        };
        photoSets.push({ scenario: 'registration: 5 camera photos scaled in the browser + submit (8 applicants)', photos: camera.scaled });
      }
      for (const { scenario, photos } of photoSets) rows.push(...(await registrationScenario(engine, scenario, photos, ours, bare)));
    }
    return { rows, firstStartMb, seedSeconds, description };
  } finally {
    for (const server of servers) await server.stop();
    await dropDatabase().catch((error: unknown) => console.error('drop database:', (error as Error).message));
    rmSync(work, { recursive: true, force: true });
  }
}

const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const f0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : '-');

function printEngine(engine: Engine, result: Awaited<ReturnType<typeof benchEngine>>): string[] {
  const lines: string[] = [];
  const out = (line = '') => {
    lines.push(line);
    console.log(line);
  };
  out();
  out(
    `### ${result.description}: ${MERCHANTS.toLocaleString('en')} merchants seeded by db:seed in ${result.seedSeconds.toFixed(0)} s; ${SECONDS} s per server and scenario in alternating turns of ${SLICE} s (registration: one turn of ${REGISTRATION_SECONDS} s each), after ${WARMUP} s warm-up`,
  );
  out();
  out('| scenario | server | req/s | p50 ms | p95 ms | p99 ms | ours / bare req/s | peak RSS MB | failed |');
  out('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of result.rows) {
    const bare = result.rows.find((r) => r.scenario === row.scenario && r.server === 'bare');
    const ratio = row.server === 'ours' && bare ? (row.load.reqPerSec / bare.load.reqPerSec).toFixed(2) : '';
    const l = row.load;
    out(
      `| ${row.scenario} | ${row.server} | ${f0(l.reqPerSec)} | ${f1(l.p50)} | ${f1(l.p95)} | ${f1(l.p99)} | ${ratio} | ${f0(row.rssMb)} | ${l.failures} |`,
    );
    for (const [kind, data] of row.perSecond === undefined ? [] : row.load.byKind) {
      const sorted = data.times;
      const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
      out(
        `| &nbsp;&nbsp;${kind} | ${row.server} | ${f1(sorted.length / l.seconds)} | ${f1(pct(50))} | ${f1(pct(95))} | ${f1(pct(99))} | | | ${[...data.statuses].filter(([s]) => s >= 300).reduce((a, [, n]) => a + n, 0)} |`,
      );
    }
    if (row.perSecond !== undefined) {
      const ratioReg = row.server === 'ours' && bare?.perSecond ? ` (${(row.perSecond / bare.perSecond).toFixed(2)} x bare)` : '';
      out(`| &nbsp;&nbsp;**registrations/s** | ${row.server} | **${f1(row.perSecond)}**${ratioReg} | | | | | | |`);
    }
  }
  if (result.rows.some((r) => r.perSecond !== undefined)) {
    out(
      `\nOne benchmark photo (${BENCH_PHOTO_NOTE}) takes ${f1(reencodeMs)} ms to decode and re-encode with sharp in the bench process (median of 5, same load): five per registration.`,
    );
    out(
      `This machine has ${cpus().length} cores (${f0(cpus().length * 1000)} ms of CPU a second, shared with the load generator and the database).`,
    );
    out();
    out(
      '| registration scenario | uploaded MB per registration | server CPU ms per registration (ours / bare) | registrations/s (ours / bare) |',
    );
    out('|---|---:|---:|---:|');
    for (const row of result.rows.filter((r) => r.server === 'ours' && r.uploadedBytes !== undefined)) {
      const bare = result.rows.find((r) => r.scenario === row.scenario && r.server === 'bare');
      out(
        `| ${row.scenario.replace(/^registration: | \(8 applicants\)$/g, '')} | ${((row.uploadedBytes ?? 0) / 1024 / 1024).toFixed(2)} | ${f0(row.cpuMsPerRegistration ?? Number.NaN)} / ${f0(bare?.cpuMsPerRegistration ?? Number.NaN)} | ${f1(row.perSecond ?? Number.NaN)} / ${f1(bare?.perSecond ?? Number.NaN)} |`,
      );
    }
    if (camera) {
      const mb = (list: Buffer[]) => list.map((b) => (b.length / 1024 / 1024).toFixed(2)).join(', ');
      out(
        `\nCamera photos (4000 x 3000, EXIF orientation 6): ${mb(camera.originals)} MB; scaled in Chromium with the wizard's options to ${mb(camera.scaled)} MB in ${camera.browserMs.map((ms) => f0(ms)).join(', ')} ms each (bench machine, no CPU throttling).`,
      );
      out(
        `The server's decode, rotate and re-encode (sharp, median of 5): the largest camera photo as taken ${f0(cameraReencode.original)} ms, the same photo scaled ${f0(cameraReencode.scaled)} ms, the 1 MB photo ${f0(reencodeMs)} ms.`,
      );
    }
  }
  out(
    `\nFirst start on a new ${engine === 'pglite' ? 'data directory' : 'database'} (initialisation and migrations): peak RSS ${f0(result.firstStartMb)} MB.`,
  );

  // The targets (docs/performance.md), next to what this run measured.
  const ours = (prefix: string) => result.rows.find((r) => r.server === 'ours' && r.scenario.startsWith(prefix));
  const bareOf = (row: Row | undefined) => result.rows.find((r) => r.server === 'bare' && r.scenario === row?.scenario);
  const verdict = (ok: boolean) => (ok ? 'met' : '**MISSED**');
  out();
  out('| target | measured | |');
  out('|---|---|---|');
  const lookup = ours('status lookup');
  if (lookup) {
    const ratio = lookup.load.reqPerSec / bareOf(lookup)!.load.reqPerSec;
    out(`| status lookup >= 0.85 x bare req/s | ${ratio.toFixed(2)} x | ${verdict(ratio >= 0.85)} |`);
    if (engine === 'postgres')
      out(`| status lookup p99 < 25 ms (PostgreSQL) | ${f1(lookup.load.p99)} ms | ${verdict(lookup.load.p99 < 25)} |`);
  }
  for (const row of result.rows.filter((r) => r.server === 'ours' && r.scenario.startsWith('admin list'))) {
    out(`| ${row.scenario.replace(/ \(.*/, '')} p95 < 50 ms | ${f1(row.load.p95)} ms | ${verdict(row.load.p95 < 50)} |`);
  }
  const registration = ours('registration');
  if (registration && engine === 'postgres')
    out(`| registrations >= 8/s (PostgreSQL) | ${f1(registration.perSecond ?? 0)}/s | ${verdict((registration.perSecond ?? 0) >= 8)} |`);
  const limit = engine === 'pglite' ? 512 : 256;
  const peak = Math.max(...result.rows.filter((r) => r.server === 'ours').map((r) => r.rssMb));
  out(`| RSS under load < ${limit} MB (restart over existing data) | ${f0(peak)} MB | ${verdict(peak < limit)} |`);
  out(`| first start peak RSS (reported, no target) | ${f0(result.firstStartMb)} MB | |`);
  return lines;
}

if (!values['no-build']) {
  console.log(`building the server into ${BUILD_DIR} ...`);
  // As npm run build builds it: with the data files the server reads (scripts/build-server.ts).
  await run('npx', ['tsx', 'scripts/build-server.ts'], { BUILD_DIR });
}
console.log(
  `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GB, Node ${process.version}`,
);
const engines = values.engines.split(',') as Engine[];
if (engines.some((engine) => engine !== 'pglite' && engine !== 'postgres'))
  throw new Error(`--engines takes pglite and/or postgres, not ${values.engines}`);
if (engines.includes('postgres') && !process.env.DATABASE_URL) throw new Error('--engines postgres needs DATABASE_URL');
const printed: string[] = [];
for (const engine of engines) printed.push(...printEngine(engine, await benchEngine(engine)));
console.log('\n---- all tables ----');
console.log(printed.join('\n'));
