import { createRandom } from '../../../src/server/seed/fake-merchants.js';
import { runSeed } from '../../support/run-seed.js';

/**
 * Round counts and durations of the fault suites. The defaults are the figures docs/performance.md names
 * under Faults (20 crash rounds per engine, 60 s of load); CI may lower them through the environment when the machine is busy.
 */
function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number (got ${raw})`);
  return value;
}

export const CRASH_ROUNDS = numberFromEnv('FAULTS_CRASH_ROUNDS', 20);
export const CRASH_CLIENTS = numberFromEnv('FAULTS_CRASH_CLIENTS', 8);
/** The kill comes at a uniformly random moment in this window after the server answers its health check. */
export const CRASH_MIN_DELAY_MS = numberFromEnv('FAULTS_CRASH_MIN_DELAY_MS', 500);
export const CRASH_MAX_DELAY_MS = numberFromEnv('FAULTS_CRASH_MAX_DELAY_MS', 3500);

export const LOAD_SECONDS = numberFromEnv('FAULTS_LOAD_SECONDS', 60);
export const LOAD_CONNECTIONS = numberFromEnv('FAULTS_LOAD_CONNECTIONS', 50);

/** Which engines the crash and load suites run on; PostgreSQL needs the local server (as the e2e suite does). */
export const ENGINES = (process.env.FAULTS_ENGINES ?? 'pglite,postgres')
  .split(',')
  .map((name) => name.trim())
  .filter((name): name is 'pglite' | 'postgres' => name === 'pglite' || name === 'postgres');

export const FAULTS_ADMIN = { email: 'faults-admin@aipos.test', password: 'gado-gado-bumbu-kacang' };

/** Per-IP limits raised for the run: every request comes from 127.0.0.1. */
export const UNLIMITED = {
  RATE_LIMIT_UPLOADS_PER_HOUR: '100000000',
  RATE_LIMIT_REGISTRATIONS_PER_HOUR: '100000000',
  RATE_LIMIT_LOOKUPS_PER_MINUTE: '100000000',
} as const;

/** The environment of a fault suite's server: limits raised, the suite's admin, its data folder and engine. */
export function faultServerEnv(dataDir: string, databaseUrl: string | undefined): Record<string, string> {
  return {
    ...UNLIMITED,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: FAULTS_ADMIN.email,
    ADMIN_PASSWORD: FAULTS_ADMIN.password,
    COOKIE_SECURE: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

/**
 * The fault suites' random choices (the moment of each kill, the load's mix), drawn from FAULTS_SEED
 * (vitest.faults.config.ts prints it at the start of the run): one stream per use, so that one engine's
 * draws do not shift the other's when both run at once.
 */
export function faultsRandom(stream: string): () => number {
  let hash = 0x811c9dc5;
  for (const char of stream) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return createRandom((runSeed('FAULTS_SEED') ^ hash) >>> 0);
}
