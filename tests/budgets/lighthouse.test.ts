import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/support/server-process.js';
import { launchLighthouseBrowser, type CategoryScores, type LighthouseBrowser, type LighthouseResult } from './support/lighthouse-run.js';

/**
 * Targets, mobile preset: performance 98 (issue 33; decision 0043 had 95). Accessibility and best practices do
 * not move with the host: gated.
 */
const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 95 } as const;
/**
 * Performance moves with the host's load: CI prints it against the 98 target and gates only at this
 * floor, which settled runs (94-98 on every page, decision 0043) never come near; a page that falls under
 * it has regressed, whatever the host (decision 0025).
 */
const PERFORMANCE_FLOOR = 85;
const PAGES = ['/', '/shop', '/register', '/status'];
/**
 * Lighthouse's own advice on variance (docs/variability.md) is to run several times and take the median.
 * Three runs per page in CI (one slow run cannot fail a page); `LIGHTHOUSE_RUNS=5` for a measurement.
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

let server: RunningServer;
let browser: LighthouseBrowser | undefined;

beforeAll(async () => {
  server = await startServer();
  browser = await launchLighthouseBrowser();
});

afterAll(async () => {
  browser?.close();
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

function describeRun(route: string, n: number, run: LighthouseResult): string {
  const failing = run.failing.length ? `\n  ${run.failing.join('\n  ')}` : '';
  return `lighthouse ${route} run ${n}: preset 4x ${JSON.stringify(run.scores)}; benchmarkIndex ${run.benchmarkIndex}${failing}`;
}

describe(`Lighthouse, mobile preset, median of ${RUNS} runs`, () => {
  for (const route of PAGES) {
    it(`${route}: performance >= ${PERFORMANCE_FLOOR} (target ${TARGETS.performance} reported), accessibility ${TARGETS.accessibility}, best practices >= ${TARGETS['best-practices']}`, async () => {
      const runs: LighthouseResult[] = [];
      for (let n = 1; n <= RUNS; n += 1) {
        const run = await browser!.run(`${server.baseUrl}${route}`);
        console.log(describeRun(route, n, run));
        runs.push(run);
      }
      const preset = medianScores(runs.map((run) => run.scores));
      const target = preset.performance >= TARGETS.performance ? 'met' : 'MISSED';
      console.log(`lighthouse ${route} median: preset 4x ${JSON.stringify(preset)}; performance target ${TARGETS.performance} ${target}`);
      expect(preset.performance).toBeGreaterThanOrEqual(PERFORMANCE_FLOOR);
      expect(preset.accessibility).toBe(TARGETS.accessibility);
      expect(preset['best-practices']).toBeGreaterThanOrEqual(TARGETS['best-practices']);
    });
  }
});
