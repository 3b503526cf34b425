import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/support/server-process.js';
import { runLighthouse, type CategoryScores, type LighthouseRun } from './support/lighthouse-run.js';

/** Issue 8 targets, mobile preset. */
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 } as const;
const PAGES = ['/', '/shop', '/register', '/status'];
/**
 * Lighthouse's own advice on variance (docs/variability.md) is to run several times and take the median.
 * Five runs per page: two slow runs cannot fail a page, nor two fast runs pass it (decision 0012).
 */
const RUNS = 5;

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function medianScores(scores: CategoryScores[]): CategoryScores {
  return {
    performance: median(scores.map((s) => s.performance)),
    accessibility: median(scores.map((s) => s.accessibility)),
    'best-practices': median(scores.map((s) => s['best-practices'])),
  };
}

function describeRun(route: string, n: number, run: LighthouseRun): string {
  const { preset, calibrated } = run;
  const failing = preset.failing.length ? `\n  ${preset.failing.join('\n  ')}` : '';
  return (
    `lighthouse ${route} run ${n}: preset 4x ${JSON.stringify(preset.scores)}; benchmarkIndex ${preset.benchmarkIndex}, ` +
    `calibrated ${calibrated.cpuSlowdownMultiplier}x performance ${calibrated.scores.performance}${failing}`
  );
}

describe('Lighthouse, mobile preset, median of five runs', () => {
  for (const route of PAGES) {
    it(`${route}: performance >= ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices >= ${TARGETS['best-practices']}`, async () => {
      const runs: LighthouseRun[] = [];
      for (let n = 1; n <= RUNS; n += 1) {
        const run = await runLighthouse(`${server.baseUrl}${route}`);
        console.log(describeRun(route, n, run));
        runs.push(run);
      }
      const preset = medianScores(runs.map((run) => run.preset.scores));
      // Reported, not asserted: the same loads scored at the slowdown decision 0009 calibrates from each
      // load's own benchmarkIndex. The index proved a poor predictor of the page's own CPU time here.
      const calibrated = median(runs.map((run) => run.calibrated.scores.performance));
      console.log(`lighthouse ${route} median: preset 4x ${JSON.stringify(preset)}; calibrated performance ${calibrated}`);
      expect(preset.performance).toBeGreaterThanOrEqual(TARGETS.performance);
      expect(preset.accessibility).toBe(TARGETS.accessibility);
      expect(preset['best-practices']).toBeGreaterThanOrEqual(TARGETS['best-practices']);
    });
  }
});
