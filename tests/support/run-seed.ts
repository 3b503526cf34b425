import { randomInt } from 'node:crypto';

/**
 * The seed of a suite's random choices, from the environment variable `name` (FUZZ_SEED, FAULTS_SEED) so
 * that a run seen failing in CI replays locally; a new one when it is unset. A Vitest config calls
 * announceRunSeed at load, in the main process: the seed is printed at the start of the run and set in the
 * environment the test workers inherit, so every file of the run draws from the same seed.
 */
export function runSeed(name: string): number {
  const raw = process.env[name];
  if (raw !== undefined && raw !== '') {
    const seed = Number(raw);
    // fast-check prints negative seeds too; both fit its 32-bit range.
    if (!Number.isInteger(seed) || Math.abs(seed) > 2 ** 31) throw new Error(`${name} must be a whole number (got ${raw})`);
    return seed;
  }
  const seed = randomInt(2 ** 31 - 1);
  process.env[name] = String(seed);
  return seed;
}

/**
 * runSeed, printed: `name=seed` is what to set to replay the run's random choices. Only in Vitest (which
 * sets VITEST before it loads its config): knip reads the configs too, and its output is no place for it.
 */
export function announceRunSeed(name: string): void {
  if (!process.env.VITEST) return;
  console.log(`[seed] ${name}=${runSeed(name)} (set it to replay this run's random choices)`);
}
