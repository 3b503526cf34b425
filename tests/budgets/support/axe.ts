import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

export type AxeFinding = { id: string; impact: string; help: string; targets: string[] };

type AxeResults = {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
};

let axeSource: string | undefined;

/**
 * Runs axe-core in the page as it stands and returns its serious and critical violations (the target: none
 * allowed on any screen). Minor and moderate findings are left to review; they do not fail a screen.
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  // Let entry animations and transitions end: a dialog fading in would be measured at half opacity. Endless
  // ones (a spinner, a skeleton's pulse) never end and are left running. getAnimations() applies pending
  // style changes first, so an animation that a class just added is among them.
  await page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
  const hasAxe = await page.evaluate(() => 'axe' in window);
  // page.evaluate, not addScriptTag: the app's CSP (script-src 'self') refuses inline scripts, and
  // evaluation through the DevTools protocol is not subject to it.
  axeSource ??= readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');
  if (!hasAxe) await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<unknown> } }).axe;
    return (await axe.run(document)) as AxeResults;
  });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.map(String).join(' ')),
    }));
}
