import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type CategoryScores = { performance: number; accessibility: number; 'best-practices': number };
/** benchmarkIndex: Lighthouse's measure of this machine's CPU at the time (a busy machine scores low). */
export type LighthouseResult = { url: string; scores: CategoryScores; failing: string[]; benchmarkIndex: number };

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
 * simulated slow 4G and 4x CPU slowdown). Scores are 0-100; `failing` names the audits that lost points,
 * so a missed target says why.
 */
export async function runLighthouse(url: string): Promise<LighthouseResult> {
  // A trace that failed to record (NO_NAVSTART and the like, seen on a loaded machine) says nothing
  // about the page: such a run is repeated, up to three attempts.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= 3) throw error;
    }
  }
}

class LighthouseRuntimeError extends Error {}

async function runOnce(url: string): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
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
    };
  } finally {
    chrome.kill();
  }
}
