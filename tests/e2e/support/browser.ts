import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject, test } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's chromium; the flags keep it from calling home on a machine with no network. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl(), locale: 'id-ID', timezoneId: 'Asia/Jakarta', ...options });
}

export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await newContext(browser, options);
  return context.newPage();
}

/**
 * vitest's `it` with one browser for the test file and a fresh page, in a context of its own, for each
 * test that asks for it: `it('…', async ({ page }) => …)`.
 */
export const it = test
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('page', async ({ browser }) => newPage(browser));

/**
 * Slows the page's uplink to 400 KB/s, so that an upload's progress bar passes through values between 0
 * and 100 as the bytes go out. Returns the call that lifts the limit again.
 */
export async function throttleUploads(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  };
}

type Stoppable = { stop(): Promise<unknown> } | undefined;
type Droppable = { drop(): Promise<unknown> } | undefined;

/** Closes what a browser suite opened, each step even when an earlier one failed: pages, browser, servers, databases. */
export async function closeSuite(opened: {
  contexts: BrowserContext[];
  browser: Browser | undefined;
  servers: Stoppable[];
  databases?: Droppable[];
}): Promise<void> {
  for (const context of opened.contexts) await context.close().catch(() => {});
  await opened.browser?.close();
  for (const server of opened.servers) await server?.stop();
  for (const database of opened.databases ?? []) await database?.drop();
}
