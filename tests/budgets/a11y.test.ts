import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMerchantThroughApi, merchantIdByCode, merchantsSuite, setStatusThroughApi } from '../e2e/support/admin-merchants-setup.js';
import { confirmTransferThroughApi, orderIdByCode, packThroughApi } from '../e2e/support/fulfilment-setup.js';
import {
  fillBank,
  fillOwner,
  fillStoreText,
  goForwardTo,
  jpegFile,
  next,
  stepHeading,
  uploadFile,
  uploadFiles,
} from '../e2e/support/registration-wizard.js';
import { orderOverHttp } from '../support/order-requests.js';
import { LOOKUP_APPLICANT, registerOverHttp } from '../support/registration-fixtures.js';
import { seriousViolations } from './support/axe.js';

/**
 * The target: axe-core finds no serious or critical violation on any screen, public and admin. One server
 * of this file's own, with an admin account from ADMIN_EMAIL/ADMIN_PASSWORD as in production.
 */
const suite = merchantsSuite();
const { adminPage } = suite;

async function publicPage(): Promise<Page> {
  const context = await suite.browser.newContext({ baseURL: suite.server.baseUrl, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  suite.contexts.push(context);
  return context.newPage();
}

async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  const found = await seriousViolations(page);
  if (found.length > 0) console.log(`axe ${screen}:\n${JSON.stringify(found, null, 2)}`);
  expect(found, screen).toEqual([]);
}

/** An order of the suite's registration, made through the public API as checkout makes it. */
const suiteOrder = () => orderOverHttp(suite.server.baseUrl, suite.registration.kode_pendaftaran, LOOKUP_APPLICANT.no_hp);

/** Every screen has one h1; once it shows and the network is quiet, the screen has its data. */
async function visit(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** Clicks the button named `button`, waits for the dialog named `dialog` it opens, and checks the screen with it open. */
async function expectDialogPasses(page: Page, button: string, dialog: string, screen: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('dialog', { name: dialog }).waitFor();
  await expectNoSeriousViolations(page, screen);
}

/** A test per route: once loaded (on a page `open` gives, after `prepare`), the screen has no serious violation. */
function eachRoutePasses(routes: string[], open: () => Promise<Page>, prepare?: () => Promise<unknown>): void {
  for (const route of routes) {
    it(route, async () => {
      const page = await open();
      await prepare?.();
      await visit(page, route);
      await expectNoSeriousViolations(page, route);
    });
  }
}

describe('axe-core on the public screens', () => {
  eachRoutePasses(
    ['/', '/shop', '/checkout', '/status', '/privacy', '/terms', '/halaman-yang-tidak-ada', '/perbaikan/tautan-tidak-valid'],
    publicPage,
  );

  it('/shop with a cart line and its bottom bar', async () => {
    const page = await publicPage();
    await visit(page, '/shop');
    await page
      .getByRole('button', { name: /^Add to Cart/ })
      .first()
      .click();
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
    await uploadFiles(page, { 'Foto Usaha': await jpegFile('usaha.jpg'), 'Foto Produk': await jpegFile('produk.jpg') });
    await expectNoSeriousViolations(page, '/register step 1 filled');
    await goForwardTo(page, 2);
    await expectNoSeriousViolations(page, '/register step 2');
    await fillOwner(page);
    await goForwardTo(page, 3);
    await uploadFile(page, 'KTP', await jpegFile('ktp.jpg'));
    await expectNoSeriousViolations(page, '/register step 3');
    await uploadFiles(page, { 'Selfie KTP': await jpegFile('selfie.jpg'), 'Kartu Keluarga': await jpegFile('kk.jpg') });
    await goForwardTo(page, 4);
    await expectNoSeriousViolations(page, '/register step 4');
    await fillBank(page);
    await goForwardTo(page, 5);
    await expectNoSeriousViolations(page, '/register step 5');
  });

  it('/registrasi/success with a real code', async () => {
    const page = await publicPage();
    await page.goto(`/registrasi/success?code=${suite.registration.kode_pendaftaran}`);
    await page.getByText(suite.registration.nama_toko).waitFor();
    await expectNoSeriousViolations(page, '/registrasi/success');
  });

  it('/checkout with a cart, the registration checked and the shipping filled', async () => {
    const page = await publicPage();
    await page.goto('/shop');
    await page
      .getByRole('button', { name: /^Add to Cart/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Lanjut ke Checkout' }).click();
    await page.waitForURL('**/checkout');
    await page.getByRole('textbox', { name: 'Kode Pendaftaran' }).fill(suite.registration.kode_pendaftaran);
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
    await page.goto(`/status?code=${suite.registration.kode_pendaftaran}`);
    await page.getByTestId('status-badge').waitFor();
    await expectNoSeriousViolations(page, '/status with a result');
  });
});

describe('axe-core on the admin screens', () => {
  eachRoutePasses(['/admin/login'], publicPage);
  eachRoutePasses(
    ['/admin', '/admin/dashboard', '/admin/merchants', '/admin/merchants/new', '/admin/audit', '/admin/settings', '/admin/security'],
    adminPage,
  );
  eachRoutePasses(['/admin/orders', '/admin/products'], adminPage, suiteOrder);

  it('/admin/settings with a webhook, its delivery log, the Tambah Webhook dialog and the secret dialog', async () => {
    const page = await adminPage();
    // Loopback and a single event: nothing of the other screens' tests is delivered anywhere.
    const made = await page
      .context()
      .request.post('/api/admin/webhooks', { data: { url: 'http://127.0.0.1:9/axe', events: ['order.delivered'], active: false } });
    expect(made.status()).toBe(201);
    await visit(page, '/admin/settings');
    await page.getByRole('button', { name: 'Log Pengiriman' }).first().click();
    await page.getByText('Belum ada pengiriman').first().waitFor();
    await expectNoSeriousViolations(page, '/admin/settings with a webhook');
    await page.getByRole('button', { name: 'Tambah Webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah Webhook' });
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText('Pilih minimal satu event.').waitFor();
    await expectNoSeriousViolations(page, '/admin/settings: Tambah Webhook dialog with errors');
    await dialog.getByRole('textbox', { name: 'URL' }).fill('http://127.0.0.1:9/axe-dua');
    await dialog.getByRole('checkbox', { name: /Pesanan diterima/ }).check();
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('dialog', { name: 'Secret Webhook' }).waitFor();
    await expectNoSeriousViolations(page, '/admin/settings: secret dialog');
  });

  it('/admin/products with the edit dialog', async () => {
    const page = await adminPage();
    await visit(page, '/admin/products');
    await expectDialogPasses(page, 'Ubah Soundbox', 'Ubah Produk', '/admin/products: edit dialog');
  });

  it('an order detail page and its two dialogs', async () => {
    const page = await adminPage();
    const order = await suiteOrder();
    const list = await page.context().request.get(`/api/admin/orders?q=${order.kode_pesanan}`);
    const { items } = (await list.json()) as { items: { id: string }[] };
    await visit(page, `/admin/orders/${String(items[0]?.id)}`);
    await page.getByRole('heading', { name: `Pesanan ${order.kode_pesanan}` }).waitFor();
    await expectNoSeriousViolations(page, 'order detail');
    await expectDialogPasses(page, 'Konfirmasi Pembayaran', 'Konfirmasi Pembayaran', 'order detail: payment dialog');
    await page.keyboard.press('Escape');
    await expectDialogPasses(page, 'Batalkan Pesanan', 'Batalkan Pesanan', 'order detail: cancel dialog');
  });

  it('a merchant detail page, each tab', async () => {
    const page = await adminPage();
    // Both kinds: one registered with documents, one made by an admin without.
    await createMerchantThroughApi(page.context().request, 'Toko Aksesibel');
    const list = await page.context().request.get(`/api/admin/merchants?q=${suite.registration.kode_pendaftaran}`);
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

  it('the review screen: documents, data, checklist, and its dialogs', async () => {
    const page = await adminPage();
    const list = await page.context().request.get(`/api/admin/merchants?q=${suite.registration.kode_pendaftaran}`);
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
    await expectDialogPasses(page, 'Data Tidak Lengkap', 'Ubah Status Merchant', 'review: decision dialog');
  });
});

describe('axe-core on the fulfilment screens', () => {
  // A merchant of this block's own, verified: one paid order to pack, one packed order to ship.
  const tag = Date.now().toString(36).toUpperCase();
  let toPack: Awaited<ReturnType<typeof orderOverHttp>>;
  let toShip: Awaited<ReturnType<typeof orderOverHttp>>;
  let merchantId: string;

  beforeAll(async () => {
    const applicant = { nama_toko: 'Toko Perangkat Aksesibel', no_hp: '+6281355550199', email: 'perangkat.aksesibel@example.com' };
    const merchant = await registerOverHttp(suite.server.baseUrl, { overrides: applicant });
    const admin = await adminPage();
    const { request } = admin.context();
    merchantId = await merchantIdByCode(request, merchant.kode_pendaftaran);
    await setStatusThroughApi(request, merchantId, 'verified');
    toPack = await orderOverHttp(suite.server.baseUrl, merchant.kode_pendaftaran, applicant.no_hp, [{ product_id: 1, quantity: 2 }]);
    toShip = await orderOverHttp(suite.server.baseUrl, merchant.kode_pendaftaran, applicant.no_hp, [{ product_id: 1, quantity: 1 }]);
    for (const order of [toPack, toShip]) expect(await confirmTransferThroughApi(request, order)).toBe('siap_dikemas');
    await packThroughApi(request, toShip, [`AXE-${tag}-1`]);
  });

  it('/admin/fulfilment with rows', async () => {
    const page = await adminPage();
    await visit(page, '/admin/fulfilment');
    await page.getByRole('row').filter({ hasText: toShip.kode_pesanan }).waitFor();
    await expectNoSeriousViolations(page, '/admin/fulfilment');
  });

  it('/admin/devices with rows, and a history', async () => {
    const page = await adminPage();
    await visit(page, '/admin/devices');
    const row = page.getByRole('row').filter({ hasText: `AXE-${tag}-1` });
    await row.waitFor();
    await expectNoSeriousViolations(page, '/admin/devices');
    await row.getByRole('button', { name: /^Riwayat/ }).click();
    await page.getByRole('dialog', { name: 'Riwayat Perangkat' }).getByTestId('device-history-entry').first().waitFor();
    await expectNoSeriousViolations(page, '/admin/devices: history dialog');
  });

  it('an order detail with the Kemas dialog, and one with its devices and the Kirim dialog', async () => {
    const page = await adminPage();
    await visit(page, `/admin/orders/${await orderIdByCode(page.context().request, toPack.kode_pesanan)}`);
    await expectDialogPasses(page, 'Kemas', 'Kemas Pesanan', 'order detail: Kemas dialog');

    await visit(page, `/admin/orders/${await orderIdByCode(page.context().request, toShip.kode_pesanan)}`);
    await page.getByRole('region', { name: 'Perangkat dan Paket' }).getByText(`AXE-${tag}-1`).waitFor();
    await expectNoSeriousViolations(page, 'order detail: packed, with its devices');
    await expectDialogPasses(page, 'Kirim', 'Kirim Pesanan', 'order detail: Kirim dialog');
  });

  it('a merchant detail, tab Perangkat', async () => {
    const page = await adminPage();
    await visit(page, `/admin/merchants/${merchantId}`);
    await page.getByRole('tab', { name: /Perangkat/ }).click();
    await page
      .getByRole('row')
      .filter({ hasText: `AXE-${tag}-1` })
      .waitFor();
    await expectNoSeriousViolations(page, 'detail: Perangkat');
  });
});

describe("axe-core on the merchant's timeline", () => {
  it('the order page once shipped: Pengiriman, the timeline and the Konfirmasi Penerimaan dialog', async () => {
    const applicant = { nama_toko: 'Toko Paket Aksesibel', no_hp: '+6281355550277', email: 'paket.aksesibel@example.com' };
    const merchant = await registerOverHttp(suite.server.baseUrl, { overrides: applicant });
    const { request } = (await adminPage()).context();
    await setStatusThroughApi(request, await merchantIdByCode(request, merchant.kode_pendaftaran), 'verified');
    const order = await orderOverHttp(suite.server.baseUrl, merchant.kode_pendaftaran, applicant.no_hp);
    expect(await confirmTransferThroughApi(request, order)).toBe('siap_dikemas');
    await packThroughApi(request, order, ['PKT-AXE-0001']);
    const shipped = await request.post(`/api/admin/orders/${await orderIdByCode(request, order.kode_pesanan)}/ship`, {
      data: { kurir: 'sicepat', no_resi: 'SCP0012345678' },
    });
    expect(shipped.status()).toBe(200);

    const page = await publicPage();
    await page.goto(`/pesanan/${order.kode_pesanan}?t=${order.akses}`);
    await page.getByRole('list', { name: 'Perjalanan pesanan' }).waitFor();
    await expectNoSeriousViolations(page, '/pesanan shipped, with its timeline');
    await expectDialogPasses(page, 'Pesanan Sudah Diterima', 'Konfirmasi Penerimaan', '/pesanan: Konfirmasi Penerimaan dialog');
  });

  it('/status by e-mail and phone, with the orders and the timeline', async () => {
    await suiteOrder();
    const page = await publicPage();
    await visit(page, '/status');
    await page.getByRole('button', { name: 'Email & Nomor HP' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(LOOKUP_APPLICANT.email);
    await page.getByRole('textbox', { name: 'Nomor HP' }).fill(LOOKUP_APPLICANT.no_hp);
    await page.getByRole('button', { name: 'Cek Status' }).click();
    await page.getByRole('list', { name: 'Perjalanan pendaftaran dan pesanan' }).waitFor();
    await page.getByRole('region', { name: 'Pesanan Anda' }).waitFor();
    await expectNoSeriousViolations(page, '/status with the timeline');
  });
});
