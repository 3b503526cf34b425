import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from '../../e2e/support/browser.js';
import { startServer, type RunningServer } from '../../e2e/support/server-process.js';

export const PUBLIC_ROUTES = ['/', '/shop', '/register', '/status'];

/** The built server and one browser for the test file: the hooks fill the returned object. */
export function serverAndBrowserPerFile(): { server: RunningServer; browser: Browser } {
  const held = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    held.server = await startServer();
    held.browser = await launchBrowser();
  });
  afterAll(async () => {
    await held.browser?.close();
    await held.server?.stop();
  });
  return held;
}

export type ScriptLoad = { url: string; gzipBytes: number };
export type FirstLoad = { route: string; scripts: ScriptLoad[]; gzipBytes: number };

/**
 * Loads a route in a fresh browser context (empty cache, as a first visit) and sums the JavaScript it
 * downloaded until the network went idle. The bodies are gzipped here at the default level, so the figure
 * does not depend on whether the server compresses.
 */
export async function measureFirstLoad(browser: Browser, baseUrl: string, route: string): Promise<FirstLoad> {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  try {
    const page = await context.newPage();
    const pending: Promise<ScriptLoad | null>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response
          .body()
          .then((body) => ({ url: new URL(response.url()).pathname, gzipBytes: gzipSync(body).length }))
          .catch(() => null),
      );
    });
    await page.goto(route, { waitUntil: 'networkidle' });
    const scripts = (await Promise.all(pending)).filter((load): load is ScriptLoad => load !== null);
    return { route, scripts, gzipBytes: scripts.reduce((sum, load) => sum + load.gzipBytes, 0) };
  } finally {
    await context.close();
  }
}

export function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
