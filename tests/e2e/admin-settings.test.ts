import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages.js';
import { createFreshDatabase, type FreshDatabase } from '../support/fresh-database.js';
import { MERCHANTS_ADMIN, signedInContext, startMerchantsServer, toastWith } from './support/admin-merchants-setup.js';
import { closeSuite, launchBrowser } from './support/browser.js';
import { startServer, type RunningServer } from './support/server-process.js';

let browser: Browser;
let embedded: RunningServer;
let postgres: RunningServer;
let database: FreshDatabase;
const contexts: BrowserContext[] = [];

async function settingsPage(server: RunningServer): Promise<Page> {
  const context = await signedInContext(browser, server.baseUrl);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/admin/settings');
  await page.getByRole('heading', { name: 'Pengaturan', level: 1 }).waitFor();
  return page;
}

/** The system info list as label -> value, once every value has arrived from the server. */
async function systemInfo(page: Page): Promise<Record<string, string>> {
  const list = page.getByRole('definition').first();
  await list.waitFor();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('dl[aria-label="Informasi sistem"] dd')].every((dd) => dd.textContent?.trim()),
  );
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('dl[aria-label="Informasi sistem"] > div')].map((row) => [
        row.querySelector('dt')?.textContent?.trim() ?? '',
        row.querySelector('dd')?.textContent?.trim() ?? '',
      ]),
    ),
  );
}

beforeAll(async () => {
  database = await createFreshDatabase();
  [browser, embedded, postgres] = await Promise.all([
    launchBrowser(),
    startMerchantsServer(),
    startServer({
      DATABASE_URL: database.url,
      ADMIN_EMAIL: MERCHANTS_ADMIN.email,
      ADMIN_PASSWORD: MERCHANTS_ADMIN.password,
      COOKIE_SECURE: 'false',
    }),
  ]);
});

afterAll(() => closeSuite({ contexts, browser, servers: [embedded, postgres], databases: [database] }));

describe('Settings', () => {
  it('loads the settings from the server, saves them (Pengaturan Disimpan) and keeps them after a reload', async () => {
    const page = await settingsPage(embedded);
    const timeout = page.getByLabel('Batas waktu sesi (menit)');
    expect(await timeout.inputValue()).toBe('30');
    expect(await page.getByLabel('Ukuran unggah maksimal (MB)').inputValue()).toBe('3');
    // Defaults: e-mail notifications on, maintenance off; auto-approve is off and cannot be turned on.
    const defaults: Record<string, string> = { 'Mode pemeliharaan': 'false', 'Notifikasi email': 'true', 'Setujui otomatis': 'false' };
    for (const [label, checked] of Object.entries(defaults)) {
      expect(await page.getByRole('switch', { name: label }).getAttribute('aria-checked'), label).toBe(checked);
    }
    expect(await page.getByRole('switch', { name: 'Setujui otomatis' }).isDisabled()).toBe(true);

    await timeout.fill('200');
    await page.getByRole('button', { name: 'Simpan Pengaturan' }).click();
    await page.getByText('Batas waktu sesi harus 5-30 menit').waitFor();

    await timeout.fill('25');
    await page.getByRole('switch', { name: 'Notifikasi email' }).click();
    await page.getByRole('button', { name: 'Simpan Pengaturan' }).click();
    await toastWith(page, MESSAGES.settingsSaved).waitFor();
    await page.reload();
    await page.getByLabel('Batas waktu sesi (menit)').waitFor();
    expect(await page.getByLabel('Batas waktu sesi (menit)').inputValue()).toBe('25');
    expect(await page.getByRole('switch', { name: 'Notifikasi email' }).getAttribute('aria-checked')).toBe('false');
    // Back on, for the other suites of this server.
    await page.getByRole('switch', { name: 'Notifikasi email' }).click();
    await page.getByRole('button', { name: 'Simpan Pengaturan' }).click();
    await toastWith(page, MESSAGES.settingsSaved).nth(0).waitFor();
  });

  it('the system info is the running server: version 1.0.0, embedded PGlite, Production', async () => {
    const info = await systemInfo(await settingsPage(embedded));
    expect(info.Versi).toBe('1.0.0');
    expect(info.Database).toMatch(/^PGlite \(embedded PostgreSQL \d+/);
    expect(info.Penyimpanan).toBe('Disk lokal (DATA_DIR/files)');
    expect(info.Lingkungan).toBe('Production');
    expect(info['Penghapusan file tertunda']).toBe('0');
  });

  it('names a PostgreSQL server when the app runs on one', async () => {
    const info = await systemInfo(await settingsPage(postgres));
    expect(info.Versi).toBe('1.0.0');
    expect(info.Database).toMatch(/^PostgreSQL \d+/);
  });
});
