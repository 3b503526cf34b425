import { setTimeout } from 'node:timers/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type CategoryScores = { performance: number; accessibility: number; 'best-practices': number };
/** benchmarkIndex: Lighthouse's measure of this machine's CPU at the time (a busy machine scores low). */
export type LighthouseResult = {
  url: string;
  scores: CategoryScores;
  failing: string[];
  benchmarkIndex: number;
};

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

export type LighthouseBrowser = {
  /**
   * Loads the page once with Lighthouse's default configuration, the mobile preset (Moto G power screen,
   * simulated slow 4G, 4x CPU slowdown). Scores are 0-100; `failing` names the audits that lost points, so
   * a missed target says why. Lighthouse resets the cache and storage before each load, so the loads of
   * one browser are as cold as loads in new browsers.
   */
  run(url: string): Promise<LighthouseResult>;
  close(): void;
};

class LighthouseRuntimeError extends Error {}

/**
 * A freshly launched Chromium spends its first seconds starting its own processes, on the same two cores
 * as the page. Measured right after the launch, benchmarkIndex read 890-2515 and the preset scored
 * `/register` 87-97; after a 3 s pause, 1529-2730 and 95-96 (decision 0043).
 */
const CHROME_SETTLE_MS = 3000;

const flags = () => ({ logLevel: 'error' as const, onlyCategories: [...CATEGORIES] });

/**
 * One settled Chromium for every load of the suite: a launch and its settling pause per load cost CI
 * about 40 s of twelve loads (decision 0026). A load whose browser broke gets a new one.
 */
export async function launchLighthouseBrowser(): Promise<LighthouseBrowser> {
  const launch = async () => {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    });
    // A fixed pause on purpose, part of the measurement's setup: Chromium gives no signal that its start-up
    // work is done, and the scores were calibrated with this pause (CHROME_SETTLE_MS above).
    await setTimeout(CHROME_SETTLE_MS);
    return chrome;
  };
  let chrome = await launch();
  return {
    async run(url) {
      // A trace that failed to record (NO_NAVSTART and the like, seen on a loaded machine) says nothing
      // about the page: such a run is repeated in a new browser, up to three attempts.
      for (let attempt = 1; ; attempt += 1) {
        try {
          return scoresOf(url, await lighthouse(url, { ...flags(), output: 'json', port: chrome.port }));
        } catch (error) {
          if (!(error instanceof LighthouseRuntimeError) || attempt >= 3) throw error;
          chrome.kill();
          chrome = await launch();
        }
      }
    },
    close() {
      chrome.kill();
    },
  };
}

function scoresOf(url: string, result: Awaited<ReturnType<typeof lighthouse>>): LighthouseResult {
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new LighthouseRuntimeError(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failing = CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .flatMap((ref) => {
        const audited = lhr.audits[ref.id];
        if (!audited || audited.score === null || audited.score >= 0.9) return [];
        return [`${id}/${audited.id}: ${audited.displayValue ?? audited.title} (${Math.round(audited.score * 100)})`];
      }),
  );
  return {
    url,
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices') },
    failing,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}
