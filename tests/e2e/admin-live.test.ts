import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg, registerInOwnContext, type Registered } from './support/admin-documents-setup.js';
import { rowOf, setStatusThroughApi, signedInContext, startMerchantsServer } from './support/admin-merchants-setup.js';
import { closeSuite, launchBrowser } from './support/browser.js';
import type { RunningServer } from './support/server-process.js';

let server: RunningServer;
let browser: Browser;
let existing: Registered;
const contexts: BrowserContext[] = [];

async function adminContext(): Promise<BrowserContext> {
  const context = await signedInContext(browser, server.baseUrl);
  contexts.push(context);
  return context;
}

/**
 * Opens a screen and waits until its event stream is open, so a change made next cannot slip in before
 * the subscription. Counts the page's own navigations from then on: a live refresh makes none.
 */
async function openLive(page: Page, url: string): Promise<{ navigations: () => number }> {
  const stream = page.waitForResponse((response) => response.url().endsWith('/api/admin/events') && response.status() === 200);
  await page.goto(url);
  await stream;
  let count = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) count += 1;
  });
  return { navigations: () => count };
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startMerchantsServer(), launchBrowser()]);
  existing = await registerInOwnContext(browser, server.baseUrl);
});

afterAll(() => closeSuite({ contexts, browser, servers: [server] }));

describe('live updates', () => {
  it('the list shows a registration sent from another context by itself: no reload, no click', async () => {
    const page = await (await adminContext()).newPage();
    const live = await openLive(page, '/admin/merchants');
    await rowOf(page, existing.kode_pendaftaran).waitFor();
    await page.getByText('Menampilkan 1-1 dari 1 merchant').waitFor();

    const arriving = await registerInOwnContext(browser, server.baseUrl, { nama_toko: 'Toko Datang Langsung' });
    await rowOf(page, arriving.kode_pendaftaran).waitFor({ timeout: 10_000 });
    expect(await rowOf(page, arriving.kode_pendaftaran).innerText()).toContain('Toko Datang Langsung');
    await page.getByText('Menampilkan 1-2 dari 2 merchant').waitFor();
    expect(live.navigations()).toBe(0);
  });

  it('an open detail screen follows a status change and a new document made by another admin', async () => {
    const page = await (await adminContext()).newPage();
    const live = await openLive(page, `/admin/merchants/${existing.id}`);
    const badge = page.locator('header [data-testid=merchant-status]');
    expect(await badge.getAttribute('data-status')).toBe('processing');
    await page.getByRole('tab', { name: 'Dokumen' }).click();
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('img[alt="Pratinjau KTP"]')?.naturalWidth === 64);

    const other = await adminContext();
    await setStatusThroughApi(other.request, existing.id, 'verified');
    await page.locator('header [data-testid=merchant-status][data-status=verified]').waitFor({ timeout: 10_000 });

    const replaced = await other.request.post(`/api/admin/merchants/${existing.id}/documents/foto_ktp`, {
      multipart: { foto_ktp: { name: 'ktp.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(128, 96, '#27ae60') } },
    });
    expect(replaced.status()).toBe(200);
    await page.waitForFunction(
      () => document.querySelector<HTMLImageElement>('img[alt="Pratinjau KTP"]')?.naturalWidth === 128,
      undefined,
      { timeout: 10_000 },
    );
    expect(live.navigations()).toBe(0);
  });
});
