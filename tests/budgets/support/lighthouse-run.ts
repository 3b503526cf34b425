import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type CategoryScores = { performance: number; accessibility: number; 'best-practices': number };
/** benchmarkIndex: Lighthouse's measure of this machine's CPU at the time (a busy machine scores low). */
export type LighthouseResult = {
  url: string;
  scores: CategoryScores;
  failing: string[];
  benchmarkIndex: number;
  /** The CPU slowdown this run simulated (the mobile preset's default is 4). */
  cpuSlowdownMultiplier: number;
};

export type LighthouseOptions = { cpuSlowdownMultiplier?: number };

/**
 * Lighthouse's 4x CPU slowdown assumes a high-end desktop host, benchmarkIndex 1500-2000
 * (docs/throttling.md, "Calibrating the CPU slowdown"); these shared hosts measured 848-2671 within one
 * hour (decision 0009). Scaling the multiplier with the index keeps the simulated phone the same on any
 * host: lower on a slow host, higher on a fast one.
 */
const REFERENCE_BENCHMARK_INDEX = 1750;
export function calibratedSlowdown(benchmarkIndex: number): number {
  const multiplier = (4 * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX;
  return Math.round(Math.min(10, Math.max(1, multiplier)) * 10) / 10;
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

/** Debian's chromium, kept from calling home on a machine with no network (as in tests/e2e/support/browser.ts). */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * One Lighthouse run with its default configuration, which is the mobile preset (Moto G power screen,
 * simulated slow 4G and 4x CPU slowdown), or another CPU slowdown when one is given. Scores are 0-100;
 * `failing` names the audits that lost points, so a missed target says why.
 */
export async function runLighthouse(url: string, options: LighthouseOptions = {}): Promise<LighthouseResult> {
  // A trace that failed to record (NO_NAVSTART and the like, seen on a loaded machine) says nothing
  // about the page: such a run is repeated, up to three attempts.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url, options);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= 3) throw error;
    }
  }
}

class LighthouseRuntimeError extends Error {}

async function runOnce(url: string, options: LighthouseOptions): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const throttling = options.cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier: options.cpuSlowdownMultiplier } } : {};
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], ...throttling });
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failing = CATEGORIES.flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .flatMap((ref) => {
          const audit = lhr.audits[ref.id];
          if (!audit || audit.score === null || audit.score >= 0.9) return [];
          return [`${id}/${audit.id}: ${audit.displayValue ?? audit.title} (${Math.round(audit.score * 100)})`];
        }),
    );
    return {
      url,
      scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices') },
      failing,
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      cpuSlowdownMultiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    };
  } finally {
    chrome.kill();
  }
}
