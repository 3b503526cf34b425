import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, closeSuite } from '../e2e/support/browser.js';
import { createMerchantThroughApi, signedInContext, startMerchantsServer } from '../e2e/support/admin-merchants-setup.js';
import {
  fillBank,
  fillOwner,
  fillStoreText,
  jpegFile,
  next,
  stepHeading,
  uploadFile,
} from '../e2e/support/registration-wizard.js';
import type { RunningServer } from '../e2e/support/server-process.js';
import { LOOKUP_APPLICANT, registerOverHttp, type HttpRegistration } from '../support/registration-fixtures.js';
import { seriousViolations } from './support/axe.js';

/**
 * Issue 8: axe-core finds no serious or critical violation on any screen, public and admin. One server
 * of this file's own, with an admin account from ADMIN_EMAIL/ADMIN_PASSWORD as in production.
 */
let server: RunningServer;
let browser: Browser;
let registration: HttpRegistration;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startMerchantsServer();
  registration = await registerOverHttp(server.baseUrl, { overrides: LOOKUP_APPLICANT });
  browser = await launchBrowser();
});

afterAll(() => closeSuite({ contexts, browser, servers: [server] }));

async function publicPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  contexts.push(context);
  return context.newPage();
}

async function adminPage(): Promise<Page> {
  const context = await signedInContext(browser, server.baseUrl);
  contexts.push(context);
  return context.newPage();
}

async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  const found = await seriousViolations(page);
  if (found.length > 0) console.log(`axe ${screen}:\n${JSON.stringify(found, null, 2)}`);
  expect(found, screen).toEqual([]);
}

/** Every screen has one h1; once it shows and the network is quiet, the screen has its data. */
async function visit(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}

describe('axe-core on the public screens', () => {
  for (const route of ['/', '/shop', '/checkout', '/status', '/privacy', '/terms', '/halaman-yang-tidak-ada', '/perbaikan/tautan-tidak-valid']) {
    it(route, async () => {
      const page = await publicPage();
      await visit(page, route);
      await expectNoSeriousViolations(page, route);
    });
  }

  it('/shop with a cart line and its bottom bar', async () => {
    const page = await publicPage();
    await visit(page, '/shop');
    await page.getByRole('button', { name: /^Add to Cart/ }).first().click();
    await page.getByRole('button', { name: 'Lanjut ke Checkout' }).waitFor();
    await expectNoSeriousViolations(page, '/shop with cart');
  });

  it('/register, each of the five steps', async () => {
    const page = await publicPage();
    await page.goto('/register');
    await stepHeading(page, 1, 'Data Toko').waitFor();
    await expectNoSeriousViolations(page, '/register step 1 empty');
    // Next on an empty step shows every inline error at once.
    await next(page);
    await page.getByText('Wajib diisi').first().waitFor();
    await expectNoSeriousViolations(page, '/register step 1 with errors');
    await fillStoreText(page);
    await uploadFile(page, 'Foto Usaha', await jpegFile('usaha.jpg'));
    await uploadFile(page, 'Foto Produk', await jpegFile('produk.jpg'));
    await expectNoSeriousViolations(page, '/register step 1 filled');
    await next(page);
    await stepHeading(page, 2, 'Data Pemilik').waitFor();
    await expectNoSeriousViolations(page, '/register step 2');
    await fillOwner(page);
    await next(page);
    await stepHeading(page, 3, 'Dokumen').waitFor();
    await uploadFile(page, 'KTP', await jpegFile('ktp.jpg'));
    await expectNoSeriousViolations(page, '/register step 3');
    await uploadFile(page, 'Selfie KTP', await jpegFile('selfie.jpg'));
    await uploadFile(page, 'Kartu Keluarga', await jpegFile('kk.jpg'));
    await next(page);
    await stepHeading(page, 4, 'Rekening Bank').waitFor();
    await expectNoSeriousViolations(page, '/register step 4');
    await fillBank(page);
    await next(page);
    await stepHeading(page, 5, 'Konfirmasi').waitFor();
    await expectNoSeriousViolations(page, '/register step 5');
  });

  it('/registrasi/success with a real code', async () => {
    const page = await publicPage();
    await page.goto(`/registrasi/success?code=${registration.kode_pendaftaran}`);
    await page.getByText(registration.nama_toko).waitFor();
    await expectNoSeriousViolations(page, '/registrasi/success');
  });

  it('/status with a result', async () => {
    const page = await publicPage();
    await page.goto(`/status?code=${registration.kode_pendaftaran}`);
    await page.getByTestId('status-badge').waitFor();
    await expectNoSeriousViolations(page, '/status with a result');
  });
});

describe('axe-core on the admin screens', () => {
  it('/admin/login', async () => {
    const page = await publicPage();
    await visit(page, '/admin/login');
    await expectNoSeriousViolations(page, '/admin/login');
  });

  for (const route of ['/admin', '/admin/dashboard', '/admin/merchants', '/admin/merchants/new', '/admin/audit', '/admin/settings', '/admin/security']) {
    it(route, async () => {
      const page = await adminPage();
      await visit(page, route);
      await expectNoSeriousViolations(page, route);
    });
  }

  it('a merchant detail page, each tab', async () => {
    const page = await adminPage();
    // Both kinds: one registered with documents, one made by an admin without.
    await createMerchantThroughApi(page.context().request, 'Toko Aksesibel');
    const list = await page.context().request.get(`/api/admin/merchants?q=${registration.kode_pendaftaran}`);
    const { items } = (await list.json()) as { items: { id: string }[] };
    const id = items[0]?.id;
    expect(id).toBeTruthy();
    await visit(page, `/admin/merchants/${String(id)}`);
    await expectNoSeriousViolations(page, 'detail: Profil');
    for (const tab of [/Dokumen/, /Aktivitas/]) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousViolations(page, `detail: ${String(tab)}`);
    }
  });

  it('the review screen (issue 18): documents, data, checklist, and its dialogs', async () => {
    const page = await adminPage();
    const list = await page.context().request.get(`/api/admin/merchants?q=${registration.kode_pendaftaran}`);
    const { items } = (await list.json()) as { items: { id: string }[] };
    await visit(page, `/admin/merchants/${String(items[0]?.id)}/review`);
    await page.getByRole('img', { name: 'Dokumen KTP', exact: true }).waitFor();
    await expectNoSeriousViolations(page, 'review');
    await page.keyboard.press('2');
    await page.getByRole('img', { name: 'KTP untuk perbandingan' }).waitFor();
    await expectNoSeriousViolations(page, 'review: selfie beside the KTP');
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Pintasan Keyboard' }).waitFor();
    await expectNoSeriousViolations(page, 'review: shortcuts dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Data Tidak Lengkap' }).click();
    await page.getByRole('dialog', { name: 'Ubah Status Merchant' }).waitFor();
    await expectNoSeriousViolations(page, 'review: decision dialog');
  });
});
