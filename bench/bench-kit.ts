// Shared pieces of the benchmarks: child server processes with their peak memory, load through
// autocannon with every response time kept (autocannon reports no p95), percentiles.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import autocannon, { type AutocannonRequest } from 'autocannon';
import { openDatabase, type Database } from '../src/server/db/database.js';
import { createFreshDatabase } from '../tests/support/fresh-database.js';

type ArgDefault = number | string | boolean;
type ArgValues<T> = { [K in keyof T]: T[K] extends number ? number : T[K] extends boolean ? boolean : string };

/** A bench's command-line options (`--name value`, a boolean as `--name`), each with its default; numbers come back as numbers. */
export function benchArgs<T extends Record<string, ArgDefault>>(defaults: T): ArgValues<T> {
  const options: ParseArgsConfig['options'] = Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [
      name,
      typeof value === 'boolean' ? { type: 'boolean', default: value } : { type: 'string', default: String(value) },
    ]),
  );
  const { values } = parseArgs({ options });
  return Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [name, typeof value === 'number' ? Number(values[name]) : values[name]]),
  ) as ArgValues<T>;
}

export type ServerProcess = {
  name: string;
  url: string;
  child: ChildProcess;
  /** Peak resident memory of the process so far (VmHWM), in MB. */
  peakRssMb(): number;
  /** CPU time the process has used so far, all its threads, in ms (null once it has exited). */
  cpuMs(): number | null;
  /** Output kept for a failure message. */
  output(): string;
  stop(): Promise<number>;
};

/** utime + stime from /proc/<pid>/stat, counted in USER_HZ ticks: 100 a second on Linux. */
function readCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

function readHwmMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmHWM:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${output()}`);
}

/** The V8 flag of `npm run serve` (docs/deployment.md, Memory). */
const SEMI_SPACE_FLAG = '--max-semi-space-size=8';

/**
 * glibc's malloc as `npm run serve` sets it (docs/deployment.md), unless the environment says otherwise: two
 * arenas, so libvips' threads do not each keep what they freed; and a fixed mmap threshold, so a decoded
 * photo's buffer goes back to the system when freed instead of staying in an arena.
 */
export const SERVE_MALLOC = {
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
};

/** Starts `node args...` with env, waits for GET /api/health, and follows its peak RSS until it stops. */
export async function startServer(
  name: string,
  args: string[],
  env: Record<string, string>,
  port: number,
  cwd: string,
): Promise<ServerProcess> {
  // And V8's young generation capped as `npm run serve` caps it (--max-semi-space-size=8), for both too.
  const child = spawn(process.execPath, [SEMI_SPACE_FLAG, ...args], {
    // glibc's settings as `npm run serve` sets them; both servers get them, so the side-by-side stays even.
    env: { PATH: process.env.PATH ?? '', ...SERVE_MALLOC, ...env, PORT: String(port) },
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let peak = 0;
  // VmHWM is already the process's peak; polling only keeps the last value read before it exits.
  const poll = setInterval(() => {
    const hwm = child.pid ? readHwmMb(child.pid) : null;
    if (hwm !== null) peak = Math.max(peak, hwm);
  }, 100);
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    name,
    url,
    child,
    peakRssMb: () => {
      const hwm = child.pid && child.exitCode === null ? readHwmMb(child.pid) : null;
      if (hwm !== null) peak = Math.max(peak, hwm);
      return peak;
    },
    cpuMs: () => (child.pid && child.exitCode === null ? readCpuMs(child.pid) : null),
    output: () => log,
    async stop() {
      server.peakRssMb();
      clearInterval(poll);
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  try {
    await waitForHealth(url, child, server.output);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export type LoadResult = {
  /** Every response time in ms, sorted. */
  times: number[];
  requests: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  /** Responses that were not 2xx, connection errors and timeouts. */
  failures: number;
  /** Response times by the kind each request was tagged with (see LoadOptions.requests). */
  byKind: Map<string, { times: number[]; statuses: Map<number, number> }>;
  seconds: number;
};

export type TaggedRequest = AutocannonRequest & { kind?: string };

export type LoadOptions = {
  url: string;
  connections: number;
  seconds: number;
  requests: TaggedRequest[];
};

/** One autocannon run; every response time is kept, so percentiles are exact. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const times: number[] = [];
  const byKind: LoadResult['byKind'] = new Map();
  let lastKind = 'default';
  let lastStatus = 0;
  // autocannon calls a request's onResponse right before it emits 'response' for the same reply,
  // synchronously: the kind and status noted here belong to the time the event carries.
  const requests = options.requests.map((request) => ({
    ...request,
    onResponse: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => {
      lastKind = request.kind ?? 'default';
      lastStatus = status;
      request.onResponse?.(status, body, context, headers);
    },
  }));
  const instance = autocannon({ url: options.url, connections: options.connections, duration: options.seconds, timeout: 30, requests });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
    let kind = byKind.get(lastKind);
    if (!kind) byKind.set(lastKind, (kind = { times: [], statuses: new Map() }));
    kind.times.push(responseTime);
    kind.statuses.set(lastStatus, (kind.statuses.get(lastStatus) ?? 0) + 1);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  for (const kind of byKind.values()) kind.times.sort((a, b) => a - b);
  const seconds = result.duration || options.seconds;
  return summarise(times, seconds, result.non2xx + result.errors + result.timeouts, byKind);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Several runs against one server as one result: their responses and seconds added up. */
export function mergeLoads(results: LoadResult[]): LoadResult {
  const times = results.flatMap((r) => r.times).sort((a, b) => a - b);
  const seconds = results.reduce((sum, r) => sum + r.seconds, 0);
  const byKind: LoadResult['byKind'] = new Map();
  for (const result of results) {
    for (const [name, data] of result.byKind) {
      let kind = byKind.get(name);
      if (!kind) byKind.set(name, (kind = { times: [], statuses: new Map() }));
      kind.times.push(...data.times);
      for (const [status, n] of data.statuses) kind.statuses.set(status, (kind.statuses.get(status) ?? 0) + n);
    }
  }
  for (const kind of byKind.values()) kind.times.sort((a, b) => a - b);
  return summarise(
    times,
    seconds,
    results.reduce((sum, r) => sum + r.failures, 0),
    byKind,
  );
}

/** A load's figures from its sorted response times. */
function summarise(times: number[], seconds: number, failures: number, byKind: LoadResult['byKind']): LoadResult {
  return {
    times,
    requests: times.length,
    reqPerSec: times.length / seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    failures,
    byKind,
    seconds,
  };
}

/**
 * GET `url` sequentially, `requests` times after 20 untimed ones (they warm caches and the JIT); the
 * response times sorted, and the last answer's body. Throws on any status but 200.
 */
export async function timeSequentialGets<T>(url: string, cookie: string, requests: number): Promise<{ times: number[]; body: T }> {
  const times: number[] = [];
  let body: T | undefined;
  for (let i = 0; i < requests + 20; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    body = (await response.json()) as T;
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    if (i >= 20) times.push(performance.now() - started);
  }
  return { times: times.sort((a, b) => a - b), body: body as T };
}

export type BenchDatabase = { database: Database; cleanup: () => Promise<void> };

/**
 * The database a bench seeds: PGlite in `dir`, or with DATABASE_URL a fresh database on that server,
 * dropped by `cleanup` (which removes `dir` as well).
 */
export async function openBenchDatabase(dir: string): Promise<BenchDatabase> {
  const removeDir = async () => rmSync(dir, { recursive: true, force: true });
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { database: await openDatabase({ kind: 'pglite', dataDir: dir }), cleanup: removeDir };
  const fresh = await createFreshDatabase({ serverUrl, prefix: 'bench' });
  const database = await openDatabase({ kind: 'postgres', url: fresh.url });
  return {
    database,
    cleanup: async () => {
      await fresh.drop();
      await removeDir();
    },
  };
}
