import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';

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
 * One browser for the test file and a fresh page, in a context of its own, before each test: the hooks
 * fill the returned object.
 */
export function pagePerTest(): { browser: Browser; page: Page } {
  const held = {} as { browser: Browser; page: Page };
  beforeAll(async () => {
    held.browser = await launchBrowser();
  });
  afterAll(async () => {
    await held.browser?.close();
  });
  beforeEach(async () => {
    held.page = await newPage(held.browser);
  });
  return held;
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
