// One build of the server on one engine, measured from outside: seeded data, the server as its own
// process, a health phase, the registration phases (server CPU per registration from /proc), then the
// status lookup against the bare route in alternated runs, without and (PostgreSQL) with REDIS_URL.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFreshDatabase } from '../../tests/support/fresh-database.js';
import { SERVE_MALLOC } from '../bench-kit.js';
import { runLoadProcess, type LookupResult, type RegistrationResult } from './load.js';
import type { BenchOptions, Engine } from './options.js';
import type { PhotoSet } from './photos.js';
import { startChild, type Child } from './proc.js';

/** A built tree: its root (scripts, node_modules), its built server, and node flags other than --node-flags. */
export type Build = { label: string; root: string; serverJs: string; nodeFlags?: string[] };

export type RegistrationFigures = {
  photos: string;
  registered: number;
  failures: Record<string, number>;
  perSecond: number;
  cpuMsPerRegistration: number;
  /** Of which the JavaScript thread's. */
  mainCpuMsPerRegistration: number;
};
/** A lookup run of one server, with the server process's CPU per answered request (µs), which other load on the machine moves less than req/s. */
export type SideResult = LookupResult & { cpuUsPerRequest: number };
export type LookupRun = { ours: SideResult; bare: SideResult; ratio: number };
export type LookupFigures = { config: string; runs: LookupRun[]; oursPeakMb: number };
export type EngineFigures = { engine: Engine; registrations: RegistrationFigures[]; lookups: LookupFigures[]; rssMb: [string, number][] };

export const BENCH_KEY = Buffer.alloc(32, 3).toString('base64');
export const BARE_TS = path.resolve(import.meta.dirname, '../bare-server.ts');
const UNLIMITED = '100000000';

export function runNode(args: string[], env: Record<string, string>, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const { DATABASE_URL: _unused, REDIS_URL: _unused2, ...inherited } = process.env;
    const child = spawn(process.execPath, args, { cwd, env: { ...inherited, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`node ${args.join(' ')} exited with ${code}`))));
  });
}

/** The seeded codes are AIP-S plus four base-36 characters of the row's index (fake-merchants.ts). */
export function seededCodes(merchants: number, n = 1000): string[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from({ length: n }, (_, i) => {
    let index = Math.floor((i * 7919) % merchants);
    let code = '';
    for (let k = 0; k < 4; k += 1) {
      code = alphabet[index % 36] + code;
      index = Math.floor(index / 36);
    }
    return `AIP-S${code}`;
  });
}

export async function redisAnswers(url: string): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: 1000 });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** The environment ours runs with: as deployed, with the limits of the registration phases raised out of reach. */
export function serverEnv(
  dbEnv: Record<string, string>,
  options: Pick<BenchOptions, 'logLevel' | 'clients'> & Partial<Pick<BenchOptions, 'checksWorker'>>,
  extra: Record<string, string>,
): Record<string, string> {
  return {
    ...dbEnv,
    ...extra,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    COOKIE_SECURE: 'false',
    REQUIRE_ADMIN_MFA: 'false',
    ...SERVE_MALLOC,
    // Off in `npm run bench`: 250 registrations in 45 s queue checks that ran on through the lookup runs
    // (the bare route has none), where a stream of one a second keeps up (bench:checks).
    ...(options.checksWorker ? { CHECKS_WORKER: options.checksWorker } : {}),
    ...(options.logLevel ? { LOG_LEVEL: options.logLevel } : {}),
    // The lookups come from many addresses through X-Forwarded-For (one trusted proxy, as behind nginx),
    // each under the real 30 a minute: the limiter counts every one in its real store, as it would
    // for the public. With --clients 1 they come from one address and only the limit is raised out of
    // reach (the earlier bench's way): the store still counts every hit, all under one key.
    ...(options.clients > 1 ? { TRUST_PROXY: '1' } : { RATE_LIMIT_LOOKUPS_PER_MINUTE: UNLIMITED }),
    RATE_LIMIT_UPLOADS_PER_HOUR: UNLIMITED,
    RATE_LIMIT_REGISTRATIONS_PER_HOUR: UNLIMITED,
    STAGED_UPLOADS_PER_IP_MB: '100000',
    STAGED_UPLOADS_MAX_MB: '100000',
  };
}

/** One lookup run against a server (ours: /api/status/lookup, bare: /lookup), with its CPU per answered request. */
export async function lookupRun(
  child: Child,
  pathName: string,
  seconds: number,
  load: { codes: string[]; clients: number; connections: number },
  work: string,
): Promise<SideResult> {
  const before = child.cpuMs();
  const result = await runLoadProcess<LookupResult>({ kind: 'lookup', url: child.url, path: pathName, ...load, seconds }, work);
  return { ...result, cpuUsPerRequest: ((child.cpuMs() - before) * 1000) / Math.max(1, result.requests) };
}

/** `count` registrations of the set's five photos against a server, `options.concurrency` applicants at once. */
export function registerPhotos(
  child: Child,
  set: PhotoSet,
  count: number,
  options: Pick<BenchOptions, 'concurrency'>,
  work: string,
): Promise<RegistrationResult> {
  return runLoadProcess<RegistrationResult>(
    {
      kind: 'registrations',
      url: child.url,
      uploadPath: '/api/uploads',
      submitPath: '/api/registrations',
      photos: set.files,
      count,
      concurrency: options.concurrency,
    },
    work,
  );
}

export async function runEngine(
  build: Build,
  engine: Engine,
  options: BenchOptions,
  photos: PhotoSet[],
  withRedis: boolean,
): Promise<EngineFigures> {
  const work = mkdtempSync(path.join(tmpdir(), `aipos-outside-${engine}-`));
  const say = (message: string) => console.log(`[${build.label} ${engine}] ${message}`);
  const children: Child[] = [];
  let drop = async () => {};
  try {
    const dataDir = path.join(work, 'data');
    let databaseUrl: string | undefined;
    if (engine === 'postgres') {
      const fresh = await createFreshDatabase({ serverUrl: options.postgresUrl, prefix: `bench_${process.pid}` });
      databaseUrl = fresh.url;
      drop = fresh.drop;
    }
    const dbEnv: Record<string, string> = {
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY: BENCH_KEY,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    say(`seeding ${options.merchants} merchants ...`);
    await runNode(['--import', 'tsx', 'scripts/db-seed.ts', '--merchants', String(options.merchants)], dbEnv, build.root);
    // Two processes never open one PGlite directory: the bare route gets a copy of the seeded data.
    const bareDataDir = path.join(work, 'bare-data');
    if (engine === 'pglite') cpSync(path.join(dataDir, 'pgdata'), path.join(bareDataDir, 'pgdata'), { recursive: true });

    const oursEnv = (extra: Record<string, string>) => serverEnv(dbEnv, options, extra);
    const startOurs = async (extra: Record<string, string> = {}) => {
      const child = await startChild(
        [...(build.nodeFlags ?? options.nodeFlags), build.serverJs],
        oursEnv(extra),
        work,
        path.join(work, 'ours.log'),
      );
      children.push(child);
      return child;
    };
    const rss: [string, number][] = [];

    say('start and health ...');
    let ours = await startOurs();
    rss.push(['start', ours.phasePeakMb()]);
    ours.startPhase();
    await runLoadProcess({ kind: 'health', url: ours.url, connections: options.lookupConnections, seconds: options.healthSeconds }, work);
    rss.push(['health', ours.phasePeakMb()]);

    const registrations: RegistrationFigures[] = [];
    for (const [set, count] of [
      [photos[0]!, options.registrations],
      [photos[1]!, options.registrations2560],
    ] as const) {
      if (count <= 0) continue;
      say(`${count} registrations, five ${set.note} photos, ${options.concurrency} at once ...`);
      ours.startPhase();
      const cpuBefore = ours.cpuMs();
      const mainBefore = ours.mainThreadCpuMs();
      const result = await registerPhotos(ours, set, count, options, work);
      const cpu = ours.cpuMs() - cpuBefore;
      const mainMs = (ours.mainThreadCpuMs() - mainBefore) / Math.max(1, result.registered);
      rss.push([`registration ${set.name}`, ours.phasePeakMb()]);
      const figures = {
        photos: set.note,
        registered: result.registered,
        failures: result.failures,
        perSecond: result.registered / result.seconds,
        cpuMsPerRegistration: cpu / result.registered,
        mainCpuMsPerRegistration: mainMs,
      };
      registrations.push(figures);
      say(
        `  ${figures.registered} registered (${JSON.stringify(figures.failures)} failed), ${figures.perSecond.toFixed(1)}/s, server CPU ${figures.cpuMsPerRegistration.toFixed(0)} ms per registration (JavaScript thread ${mainMs.toFixed(0)}), peak RSS ${rss.at(-1)![1].toFixed(0)} MB`,
      );
    }

    const bareEnv = { ...dbEnv, DATA_DIR: bareDataDir, BARE_DRIVER: engine === 'postgres' ? 'pg' : 'pglite', ...SERVE_MALLOC };
    // The bare route keeps --node-flags in every column: it is the yardstick.
    const bare = await startChild(
      [...options.nodeFlags, '--import', 'tsx', BARE_TS],
      bareEnv,
      path.resolve(import.meta.dirname, '../..'),
      path.join(work, 'bare.log'),
    );
    children.push(bare);
    const codes = seededCodes(options.merchants);
    const lookups: LookupFigures[] = [];
    // [label, env, a second instance of ours started beside the one loaded]. Alone on PostgreSQL without
    // Redis, an instance counts its limits in memory (decision 0052); an idle second instance makes both
    // count in the table, as every instance of a several-instance deployment does (the commits before 0052
    // counted there alone too).
    const configs: [string, Record<string, string>, boolean][] = [
      [engine === 'pglite' ? 'PGlite (limits in memory)' : 'PostgreSQL, one instance, no Redis', {}, false],
    ];
    if (engine === 'postgres') configs.push(['PostgreSQL, a second instance beside it, no Redis', {}, true]);
    if (withRedis)
      configs.push([
        'PostgreSQL with REDIS_URL (limits in Redis)',
        { REDIS_URL: options.redisUrl, REDIS_KEY_PREFIX: `bench-${process.pid}-${Date.now()}:` },
        false,
      ]);
    for (const [index, [config, extra, sibling]] of configs.entries()) {
      if (index > 0) {
        await ours.stop();
        ours = await startOurs(extra);
      }
      const second = sibling ? await startOurs(extra) : null;
      say(`lookups: ${config} ...`);
      const load = (child: Child, pathName: string, seconds: number) =>
        lookupRun(child, pathName, seconds, { codes, clients: options.clients, connections: options.lookupConnections }, work);
      ours.startPhase();
      if (options.warmupSeconds > 0) {
        await load(ours, '/api/status/lookup', options.warmupSeconds);
        await load(bare, '/lookup', options.warmupSeconds);
      }
      const runs: LookupRun[] = [];
      for (let i = 0; i < options.lookupRuns; i += 1) {
        const take = async (side: 'ours' | 'bare') =>
          side === 'ours' ? load(ours, '/api/status/lookup', options.lookupSeconds) : load(bare, '/lookup', options.lookupSeconds);
        const [first, second] = i % 2 === 0 ? (['ours', 'bare'] as const) : (['bare', 'ours'] as const);
        const a = await take(first);
        const b = await take(second);
        const [o, r] = first === 'ours' ? [a, b] : [b, a];
        runs.push({ ours: o, bare: r, ratio: o.reqPerSec / r.reqPerSec });
        say(
          `  run ${i + 1}: ours ${o.reqPerSec.toFixed(0)} req/s, bare ${r.reqPerSec.toFixed(0)} req/s, ratio ${(o.reqPerSec / r.reqPerSec).toFixed(2)}; server CPU per lookup ${o.cpuUsPerRequest.toFixed(0)} / ${r.cpuUsPerRequest.toFixed(0)} µs`,
        );
      }
      await second?.stop();
      const peak = ours.phasePeakMb();
      rss.push([`lookup ${config}`, peak]);
      lookups.push({ config, runs, oursPeakMb: peak });
    }
    return { engine, registrations, lookups, rssMb: rss };
  } finally {
    for (const child of children) await child.stop();
    await drop().catch((error: unknown) => console.error('drop database:', (error as Error).message));
    if (!process.env.BENCH_KEEP_WORK) rmSync(work, { recursive: true, force: true });
  }
}
