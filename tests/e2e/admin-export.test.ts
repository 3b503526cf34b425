import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, registerInOwnContext } from './support/admin-documents-setup.js';
import { createMerchantThroughApi, setStatusThroughApi, signedInContext, startMerchantsServer } from './support/admin-merchants-setup.js';
import { launchBrowser } from './support/browser.js';
import type { RunningServer } from './support/server-process.js';

let server: RunningServer;
let browser: Browser;
let admin: BrowserContext;
const MATCHING = 27; // more than the smallest page (25): the export is every match, not the page shown
const VERIFIED = 2;

const CODE = /AIP-[A-Z0-9_-]{5}/;

/** The registration codes of the table's rows, as the admin sees them. */
async function visibleCodes(page: Page): Promise<string[]> {
  const rows = await page.getByRole('row').allInnerTexts();
  return rows.map((text) => CODE.exec(text)?.[0]).filter((code): code is string => code !== undefined);
}

/** Clicks Ekspor CSV; answers the request's query, the file's name and its text. */
async function exportCsv(page: Page) {
  const [download, request] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForRequest((r) => r.url().includes('/api/admin/merchants/export')),
    page.getByRole('button', { name: 'Ekspor CSV daftar merchant' }).click(),
  ]);
  const text = await readFile(await download.path(), 'utf8');
  return { query: new URL(request.url()).searchParams, filename: download.suggestedFilename(), text };
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startMerchantsServer(), launchBrowser()]);
  admin = await signedInContext(browser, server.baseUrl);
  const made = [];
  for (let i = 0; i < MATCHING; i += 1)
    made.push(await createMerchantThroughApi(admin.request, `Toko Ekspor ${String(i + 1).padStart(2, '0')}`));
  for (const merchant of made.slice(0, VERIFIED)) await setStatusThroughApi(admin.request, merchant.id, 'verified');
  // Rows the filter must leave out: another name (verified too) and a public registration.
  const other = await createMerchantThroughApi(admin.request, 'Warung Lain Sekali');
  await setStatusThroughApi(admin.request, other.id, 'verified');
  await registerInOwnContext(browser, server.baseUrl);
});

afterAll(async () => {
  await admin?.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

describe('Ekspor CSV', () => {
  it('downloads the rows of the search and status filter, exactly the ones the table shows', async () => {
    const page = await admin.newPage();
    await page.goto('/admin/merchants?q=Ekspor&status=verified');
    await page.getByText(`Menampilkan 1-${VERIFIED} dari ${VERIFIED} merchant`).waitFor();
    const shown = await visibleCodes(page);
    expect(shown).toHaveLength(VERIFIED);

    const { query, filename, text } = await exportCsv(page);
    expect(query.get('q')).toBe('Ekspor');
    expect(query.get('status')).toBe('verified');
    expect(query.has('page')).toBe(false);
    expect(filename).toMatch(/^merchants-\d{4}-\d{2}-\d{2}\.csv$/);
    // UTF-8 with a BOM, so Excel reads the Indonesian text right.
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = parseCsv(text.slice(1)).filter((row) => row.some((cell) => cell !== ''));
    expect(header?.[0]).toBe('Kode Pendaftaran');
    expect(rows.map((row) => row[0]).sort()).toEqual([...shown].sort());
    const status = header!.indexOf('Status');
    expect(rows.every((row) => row[status] === 'Sudah Terverifikasi')).toBe(true);
  });

  it('exports every match, not only the page on screen', async () => {
    const page = await admin.newPage();
    await page.goto('/admin/merchants?q=Ekspor');
    await page.getByText(`Menampilkan 1-25 dari ${MATCHING} merchant`).waitFor();
    const shown = await visibleCodes(page);
    expect(shown).toHaveLength(25);

    const { query, text } = await exportCsv(page);
    expect(query.get('status')).toBe('all');
    const rows = parseCsv(text.slice(1))
      .slice(1)
      .filter((row) => row.some((cell) => cell !== ''));
    const exported = rows.map((row) => row[0]);
    expect(exported).toHaveLength(MATCHING);
    for (const code of shown) expect(exported).toContain(code);
    expect(rows.every((row) => row[1]?.startsWith('Toko Ekspor'))).toBe(true);
  });
});
