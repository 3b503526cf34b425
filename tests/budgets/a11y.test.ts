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
import { orderOverHttp } from '../support/order-requests.js';
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

/** An order of the suite's registration, made through the public API as checkout makes it. */
const suiteOrder = () => orderOverHttp(server.baseUrl, registration.kode_pendaftaran, LOOKUP_APPLICANT.no_hp);

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

  it('/checkout with a cart, the registration checked and the shipping filled', async () => {
    const page = await publicPage();
    await page.goto('/shop');
    await page.getByRole('button', { name: /^Add to Cart/ }).first().click();
    await page.getByRole('button', { name: 'Lanjut ke Checkout' }).click();
    await page.waitForURL('**/checkout');
    await page.getByRole('textbox', { name: 'Kode Pendaftaran' }).fill(registration.kode_pendaftaran);
    await page.getByRole('textbox', { name: 'Nomor HP terdaftar' }).fill(LOOKUP_APPLICANT.no_hp);
    await page.getByRole('button', { name: 'Periksa' }).click();
    await page.getByText(LOOKUP_APPLICANT.nama_toko).first().waitFor();
    await page.getByRole('checkbox', { name: 'Sama dengan alamat usaha' }).check();
    await expectNoSeriousViolations(page, '/checkout filled');
  });

  it('the order page with payment instructions, and with a wrong token', async () => {
    const page = await publicPage();
    const order = await suiteOrder();
    await page.goto(`/pesanan/${order.kode_pesanan}?t=${order.akses}`);
    await page.getByText('Jumlah transfer').waitFor();
    await expectNoSeriousViolations(page, '/pesanan with instructions');
    await page.goto(`/pesanan/${order.kode_pesanan}?t=tanda-akses-yang-salah-sekali`);
    await page.getByText('Pesanan tidak ditemukan').first().waitFor();
    await expectNoSeriousViolations(page, '/pesanan not found');
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

  for (const route of ['/admin/orders', '/admin/products']) {
    it(route, async () => {
      const page = await adminPage();
      await suiteOrder();
      await visit(page, route);
      await expectNoSeriousViolations(page, route);
    });
  }

  it('/admin/products with the edit dialog', async () => {
    const page = await adminPage();
    await visit(page, '/admin/products');
    await page.getByRole('button', { name: 'Ubah Soundbox' }).click();
    await page.getByRole('dialog', { name: 'Ubah Produk' }).waitFor();
    await expectNoSeriousViolations(page, '/admin/products: edit dialog');
  });

  it('an order detail page and its two dialogs', async () => {
    const page = await adminPage();
    const order = await suiteOrder();
    const list = await page.context().request.get(`/api/admin/orders?q=${order.kode_pesanan}`);
    const { items } = (await list.json()) as { items: { id: string }[] };
    await visit(page, `/admin/orders/${String(items[0]?.id)}`);
    await page.getByRole('heading', { name: `Pesanan ${order.kode_pesanan}` }).waitFor();
    await expectNoSeriousViolations(page, 'order detail');
    await page.getByRole('button', { name: 'Konfirmasi Pembayaran' }).click();
    await page.getByRole('dialog', { name: 'Konfirmasi Pembayaran' }).waitFor();
    await expectNoSeriousViolations(page, 'order detail: payment dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Batalkan Pesanan' }).click();
    await page.getByRole('dialog', { name: 'Batalkan Pesanan' }).waitFor();
    await expectNoSeriousViolations(page, 'order detail: cancel dialog');
  });

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
