// `npm run bench` options (bench/outside/main.ts prints them with every run).
import { parseArgs } from 'node:util';
import { SERVE_MALLOC } from '../bench-kit.js';

export type Engine = 'pglite' | 'postgres';

export type BenchOptions = {
  engines: Engine[];
  /** PostgreSQL configurations' lookups: without REDIS_URL, with it (when a Redis answers). */
  redis: boolean;
  registrations: number;
  registrations2560: number;
  /** With two builds or more: rounds of registrations alternated between their servers (0: none), and the chunk of 1 MB photos per turn. */
  alternateRounds: number;
  alternateChunk: number;
  /** Registrations' worth of photos the image floor (image-floor-process.ts) times, per measure. */
  floorRounds: number;
  concurrency: number;
  lookupConnections: number;
  /** Client addresses the lookups come from (X-Forwarded-For); 1: one address, limit raised. */
  clients: number;
  lookupSeconds: number;
  lookupRuns: number;
  warmupSeconds: number;
  healthSeconds: number;
  merchants: number;
  /** Node flags of the server process; `npm run serve` passes --max-semi-space-size=8. */
  nodeFlags: string[];
  /** A second column: this tree again with these node flags (the semi-space comparison). */
  nodeFlagsB: string[] | undefined;
  logLevel: string | undefined;
  /** The machine checks' worker in the server process: off measures the request path alone (the checks: bench:checks). */
  checksWorker: 'on' | 'off';
  baseline: string | undefined;
  build: boolean;
  postgresUrl: string;
  redisUrl: string;
};

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      engines: { type: 'string', default: 'pglite,postgres' },
      'no-redis': { type: 'boolean', default: false },
      registrations: { type: 'string', default: '200' },
      'registrations-2560': { type: 'string', default: '50' },
      'alternate-rounds': { type: 'string', default: '4' },
      'alternate-chunk': { type: 'string', default: '20' },
      'floor-rounds': { type: 'string', default: '20' },
      concurrency: { type: 'string', default: '8' },
      connections: { type: 'string', default: '10' },
      clients: { type: 'string', default: '20000' },
      seconds: { type: 'string', default: '10' },
      runs: { type: 'string', default: '3' },
      warmup: { type: 'string', default: '3' },
      'health-seconds': { type: 'string', default: '5' },
      merchants: { type: 'string', default: '2000' },
      // `--node-flags=` (empty) runs the server without the semi-space flag.
      'node-flags': { type: 'string', default: '--max-semi-space-size=8' },
      'node-flags-b': { type: 'string' },
      'log-level': { type: 'string' },
      'checks-worker': { type: 'string', default: 'off' },
      baseline: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
    },
  });
  const quick = values.quick;
  const engines = values.engines.split(',').filter(Boolean);
  for (const engine of engines)
    if (engine !== 'pglite' && engine !== 'postgres') throw new Error(`--engines takes pglite and/or postgres, not ${engine}`);
  return {
    engines: engines as Engine[],
    redis: !values['no-redis'],
    registrations: quick ? 40 : Number(values.registrations),
    registrations2560: quick ? 16 : Number(values['registrations-2560']),
    alternateRounds: quick ? 2 : Number(values['alternate-rounds']),
    alternateChunk: quick ? 10 : Number(values['alternate-chunk']),
    floorRounds: quick ? 6 : Number(values['floor-rounds']),
    concurrency: Number(values.concurrency),
    lookupConnections: Number(values.connections),
    clients: Number(values.clients),
    lookupSeconds: quick ? 5 : Number(values.seconds),
    lookupRuns: Number(values.runs),
    warmupSeconds: Number(values.warmup),
    healthSeconds: Number(values['health-seconds']),
    merchants: quick ? 2000 : Number(values.merchants),
    nodeFlags: values['node-flags'].split(' ').filter(Boolean),
    nodeFlagsB: values['node-flags-b']?.split(' ').filter(Boolean),
    logLevel: values['log-level'],
    checksWorker: checksWorker(values['checks-worker']),
    baseline: values.baseline,
    build: !values['no-build'],
    postgresUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}

function checksWorker(value: string): 'on' | 'off' {
  if (value !== 'on' && value !== 'off') throw new Error(`--checks-worker takes on or off, not ${value}`);
  return value;
}

export function describeOptions(o: BenchOptions): string {
  return [
    `engines ${o.engines.join(', ')}${o.engines.includes('postgres') ? (o.redis ? ' (PostgreSQL without and with REDIS_URL)' : ' (PostgreSQL without REDIS_URL)') : ''}`,
    `${o.merchants.toLocaleString('en')} merchants seeded by db:seed before the server starts`,
    `registrations: ${o.registrations} of five 1 MB photos and ${o.registrations2560} of five 2560 px photos, ${o.concurrency} applicants at once`,
    `lookups: ${o.lookupConnections} connections, ${o.clients > 1 ? `from ${o.clients.toLocaleString('en')} client addresses (X-Forwarded-For, TRUST_PROXY=1) each under the real limit of 30 a minute` : 'from one address, RATE_LIMIT_LOOKUPS_PER_MINUTE raised out of reach'}, ${o.lookupRuns} runs of ${o.lookupSeconds} s per server, ours and bare alternated (ours first in odd runs), after ${o.warmupSeconds} s of warm-up each`,
    `alternated (with two builds or more): ${o.alternateRounds} rounds of ${o.alternateChunk} registrations of 1 MB photos (and a third as many of 2560 px) per build, their servers side by side on fresh databases, the order swapped each round`,
    `image floor: ${o.floorRounds} registrations' photos per measure, sharp alone in a process of its own with the server's node flags and malloc settings (bench/outside/image-floor-process.ts)`,
    `health: GET /api/health at ${o.lookupConnections} connections for ${o.healthSeconds} s`,
    `load generator: autocannon / fetch in a process of its own (bench/outside/load-process.ts)`,
    `server: node ${o.nodeFlags.join(' ') || '(no flags)'} with MALLOC_ARENA_MAX=${SERVE_MALLOC.MALLOC_ARENA_MAX} MALLOC_MMAP_THRESHOLD_=${SERVE_MALLOC.MALLOC_MMAP_THRESHOLD_}, NODE_ENV=production, LOG_LEVEL=${o.logLevel ?? 'unset (info)'}, CHECKS_WORKER=${o.checksWorker}${o.checksWorker === 'off' ? ' (the request path alone; the checks and lookups beside them: npm run bench:checks)' : ''}`,
  ].join('\n');
}
