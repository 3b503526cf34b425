import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshDatabase, type FreshDatabase } from '../support/fresh-database.js';
import { MidtransSimulator } from '../support/midtrans-simulator.js';
import { orderOverHttp } from '../support/order-requests.js';
import { pdfText } from '../support/pdf-text.js';
import { LOOKUP_APPLICANT, registerOverHttp, type HttpRegistration } from '../support/registration-fixtures.js';
import { merchantIdByCode, setStatusThroughApi } from './support/admin-merchants-setup.js';
import { closeSuite, launchBrowser } from './support/browser.js';
import { confirmTransferThroughApi, orderIdByCode, packThroughApi } from './support/fulfilment-setup.js';
import { completeToReview, OWNER, STORE } from './support/registration-wizard.js';
import { startServer, type RunningServer } from './support/server-process.js';

// Its own server on a database of its own: the orders below take units, so the stock figures are this
// file's alone, and a product can be sold out by hand.
const ADMIN = { email: 'admin-toko@aipos.test', password: 'gado-gado-siram-kacang' };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } satisfies BrowserContextOptions;

let server: RunningServer;
let database: FreshDatabase;
let browser: Browser;
let registration: HttpRegistration;
const contexts: BrowserContext[] = [];

async function openPage(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    permissions: ['clipboard-read', 'clipboard-write'],
    ...options,
  });
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  database = await createFreshDatabase({ prefix: 'e2e_shop' });
  server = await startServer({
    DATABASE_URL: database.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    COOKIE_SECURE: 'false',
  });
  registration = await registerOverHttp(server.baseUrl, { overrides: LOOKUP_APPLICANT });
  browser = await launchBrowser();
});

afterAll(() => closeSuite({ contexts, browser, servers: [server], databases: [database] }));

const card = (p: Page, name: string) => p.getByRole('article', { name });
const nbsp = (s: string | null) => (s ?? '').replaceAll('\u00a0', ' ');
const toast = (p: Page, text: string) => p.locator('[data-sonner-toast]:not([data-removed="true"])', { hasText: text });
const step = (p: Page, title: string) => p.getByRole('region', { name: title, exact: true });
const rupiahValue = (text: string | null) => Number(nbsp(text).replace(/\D/g, ''));

/** The merchant's timeline as [label, state] per step: current (aria-current), pending (reads 'Belum') or done. */
async function steps(timeline: Locator): Promise<[string, string][]> {
  return timeline.getByRole('listitem').evaluateAll((items) =>
    items.map((item) => {
      const label = item.querySelector('p')?.firstChild?.textContent ?? '';
      const state =
        item.getAttribute('aria-current') === 'step' ? 'current' : (item.textContent ?? '').includes('Belum') ? 'pending' : 'done';
      return [label, state] as [string, string];
    }),
  );
}

async function addToCart(page: Page, name: string): Promise<void> {
  await card(page, name)
    .getByRole('button', { name: `Add to Cart ${name}` })
    .click();
}

/** A page (phone-sized unless other options are given) gone to the checkout with one `product` in the cart. */
async function checkoutWith(product: string, options: BrowserContextOptions = PHONE): Promise<Page> {
  const page = await openPage(options);
  await page.goto('/shop');
  await addToCart(page, product);
  await page.getByRole('button', { name: 'Lanjut ke Checkout' }).click();
  return page;
}

/** Checkout step 2 by code and phone, as a merchant registered earlier does it. */
async function verifyMerchant(page: Page, kode: string, phone: string): Promise<void> {
  const merchant = step(page, 'Merchant');
  await merchant.getByRole('textbox', { name: 'Kode Pendaftaran' }).fill(kode.toLowerCase());
  await merchant.getByRole('textbox', { name: 'Nomor HP terdaftar' }).fill(phone);
  await merchant.getByRole('button', { name: 'Periksa' }).click();
  await merchant.getByTestId('merchant-verified').waitFor();
}

/** Buat Pesanan once steps 1-3 are complete; resolves on the order page with its code. */
async function placeOrder(page: Page): Promise<string> {
  const button = page.getByRole('button', { name: 'Buat Pesanan' });
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
  await page.waitForURL(/\/pesanan\/ORD-[A-Z0-9]{8}$/);
  await page.getByRole('heading', { level: 1, name: /^Pesanan ORD-/ }).waitFor();
  return new URL(page.url()).pathname.split('/').pop()!;
}

describe('shop and cart', () => {
  it("shows the server's products, prices and stock", async () => {
    const page = await openPage();
    await page.goto('/shop');
    const expected = [
      ['Soundbox', 'SKU: SBX-STD', 'Rp 350.000', 'Best Seller', 'Stok: 50'],
      ['D210 UnionPay', 'SKU: D210-UP', 'Rp 2.500.000', 'Premium', 'Stok: 20'],
      ['EDC Android PAX A920 Pro', 'SKU: A920-PRO2', 'Rp 3.000.000', 'Pro Choice', 'Stok: 15'],
    ];
    for (const [name, ...texts] of expected) {
      const text = nbsp(await card(page, name!).innerText());
      for (const t of texts) expect(text).toContain(t);
    }
    expect(await page.getByRole('complementary', { name: 'Keranjang belanja' }).count()).toBe(0);
  });

  it('adds, steps, floors at one, totals and checks out with the saved cart', async () => {
    const page = await openPage();
    await page.goto('/shop');
    await addToCart(page, 'Soundbox');
    await page.getByText('Soundbox ditambahkan ke keranjang').waitFor();

    const soundbox = card(page, 'Soundbox');
    const quantity = soundbox.getByRole('status', { name: 'Jumlah Soundbox' });
    expect(await quantity.textContent()).toBe('1');
    expect(await soundbox.getByRole('button', { name: /Add to Cart/ }).count()).toBe(0);

    // Minus never goes below 1.
    await soundbox.getByRole('button', { name: 'Kurangi Soundbox' }).click();
    expect(await quantity.textContent()).toBe('1');
    await soundbox.getByRole('button', { name: 'Tambah Soundbox' }).click();
    await soundbox.getByRole('button', { name: 'Tambah Soundbox' }).click();
    expect(await quantity.textContent()).toBe('3');
    await soundbox.getByRole('button', { name: 'Kurangi Soundbox' }).click();
    expect(await quantity.textContent()).toBe('2');

    await addToCart(page, 'EDC Android PAX A920 Pro');
    const bar = page.getByRole('complementary', { name: 'Keranjang belanja' });
    await bar.waitFor();
    expect(await bar.getByTestId('cart-count').textContent()).toBe('3 item');
    // 2 × 350.000 + 3.000.000
    expect(nbsp(await bar.getByTestId('cart-total').textContent())).toBe('Rp 3.700.000');

    // The toasts stand above the cart bar rather than over its button.
    const added = toast(page, 'EDC Android PAX A920 Pro ditambahkan ke keranjang');
    await expect
      .poll(async () => {
        const [toastBox, barBox] = await Promise.all([added.boundingBox(), bar.boundingBox()]);
        return toastBox && barBox ? barBox.y - (toastBox.y + toastBox.height) : null;
      })
      .toBeGreaterThanOrEqual(0);

    await bar.getByRole('button', { name: 'Lanjut ke Checkout' }).click();
    await page.waitForURL('**/checkout');
    const saved = await page.evaluate(() => window.localStorage.getItem('cart'));
    expect(JSON.parse(saved ?? 'null')).toEqual([
      { productId: 1, quantity: 2 },
      { productId: 3, quantity: 1 },
    ]);
    const cart = step(page, 'Keranjang');
    await cart.getByTestId('checkout-total').waitFor();
    expect(nbsp(await cart.getByTestId('checkout-total').textContent())).toBe('Rp 3.700.000');
    expect(await cart.innerText()).toContain('Ongkos kirim: Gratis');
    expect(await page.getByText('Checkout akan segera tersedia').count()).toBe(0);
    for (const title of ['Keranjang', 'Merchant', 'Pengiriman', 'Pembayaran'])
      expect(await page.getByRole('heading', { level: 2, name: title }).count()).toBe(1);
    // Nothing to order with until a registration is checked and the address is complete.
    expect(await page.getByRole('button', { name: 'Buat Pesanan' }).isDisabled()).toBe(true);

    // Back in the shop, the saved cart is there again.
    await page.goto('/shop');
    expect(await card(page, 'Soundbox').getByRole('status', { name: 'Jumlah Soundbox' }).textContent()).toBe('2');
    expect(nbsp(await page.getByTestId('cart-total').textContent())).toBe('Rp 3.700.000');
  });

  it('caps the quantity at the stock available', async () => {
    const page = await openPage();
    await page.goto('/shop');
    const pax = card(page, 'EDC Android PAX A920 Pro');
    await addToCart(page, 'EDC Android PAX A920 Pro');
    const plus = pax.getByRole('button', { name: 'Tambah EDC Android PAX A920 Pro' });
    for (let i = 1; i < 15; i += 1) await plus.click();
    expect(await pax.getByRole('status').textContent()).toBe('15');
    expect(await plus.isDisabled()).toBe(true);

    // The checkout caps the line the same way.
    await page.getByRole('button', { name: 'Lanjut ke Checkout' }).click();
    const line = step(page, 'Keranjang');
    await line.getByRole('status', { name: 'Jumlah EDC Android PAX A920 Pro' }).waitFor();
    expect(await line.getByRole('button', { name: 'Tambah EDC Android PAX A920 Pro' }).isDisabled()).toBe(true);
    await line.getByRole('button', { name: 'Kurangi EDC Android PAX A920 Pro' }).click();
    expect(await line.getByRole('status', { name: 'Jumlah EDC Android PAX A920 Pro' }).textContent()).toBe('14');
    expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('cart'))) ?? 'null')).toEqual([
      { productId: 3, quantity: 14 },
    ]);
  });

  it("shows 'Stok habis' and refuses to add a product with nothing left", async () => {
    await database.query('update products set stock = held where id = 2');
    try {
      const page = await openPage();
      await page.goto('/shop');
      const d210 = card(page, 'D210 UnionPay');
      await d210.getByText('Stok habis').waitFor();
      expect(await d210.getByRole('button', { name: 'Add to Cart D210 UnionPay' }).isDisabled()).toBe(true);
    } finally {
      await database.query('update products set stock = 20 where id = 2');
    }
  });

  it('refuses checkout with an empty cart', async () => {
    const page = await openPage();
    await page.goto('/checkout');
    await page.getByText('Keranjang belanja kosong').first().waitFor();
    await toast(page, 'Keranjang belanja kosong').waitFor();
    expect(await toast(page, 'Keranjang belanja kosong').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Lihat Produk' }).getAttribute('href')).toBe('/shop');
  });

  it('removes a line with Hapus, down to the empty cart', async () => {
    const page = await openPage();
    await page.goto('/shop');
    await addToCart(page, 'Soundbox');
    await page.getByRole('button', { name: 'Lanjut ke Checkout' }).click();
    await step(page, 'Keranjang').getByRole('button', { name: 'Hapus Soundbox' }).click();
    await page.getByText('Keranjang belanja kosong').first().waitFor();
    expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('cart'))) ?? 'null')).toEqual([]);
  });
});

describe('checkout and the order page (phone-sized screen)', () => {
  it('refuses a code with the wrong phone, in Indonesian, and keeps the fields open', async () => {
    const page = await checkoutWith('Soundbox');
    const merchant = step(page, 'Merchant');
    await merchant.getByRole('textbox', { name: 'Kode Pendaftaran' }).fill(registration.kode_pendaftaran);
    await merchant.getByRole('textbox', { name: 'Nomor HP terdaftar' }).fill('081299990000');
    await merchant.getByRole('button', { name: 'Periksa' }).click();
    await merchant.getByRole('alert').filter({ hasText: 'Pendaftaran tidak ditemukan. Periksa kode pendaftaran dan nomor HP.' }).waitFor();
    expect(await merchant.getByRole('textbox', { name: 'Kode Pendaftaran' }).isEditable()).toBe(true);
    expect(await page.getByRole('button', { name: 'Buat Pesanan' }).isDisabled()).toBe(true);
  });

  it('orders with a registration made earlier, shows the transfer, survives a reload and is found again by phone', async () => {
    const page = await openPage(PHONE);
    await page.goto('/shop');
    await addToCart(page, 'Soundbox');
    await card(page, 'Soundbox').getByRole('button', { name: 'Tambah Soundbox' }).click();
    await page.getByRole('button', { name: 'Lanjut ke Checkout' }).click();

    await verifyMerchant(page, registration.kode_pendaftaran, '0813 5555 2468');
    expect(await step(page, 'Merchant').getByTestId('merchant-verified').innerText()).toContain(LOOKUP_APPLICANT.nama_toko);
    // Locked until 'Ganti'; the code was typed in lower case and is held in upper case.
    const code = step(page, 'Merchant').getByRole('textbox', { name: 'Kode Pendaftaran' });
    expect(await code.inputValue()).toBe(registration.kode_pendaftaran);
    expect(await code.isEditable()).toBe(false);

    // Step 3 is prefilled from the store address ('Sama dengan alamat usaha').
    const shipping = step(page, 'Pengiriman');
    await expect.poll(() => shipping.getByRole('textbox', { name: 'Nama Penerima' }).inputValue()).toBe(registration.nama_pemilik);
    expect(await shipping.getByRole('checkbox', { name: 'Sama dengan alamat usaha' }).isChecked()).toBe(true);
    expect(await shipping.getByRole('textbox', { name: 'Kode Pos' }).inputValue()).toMatch(/^\d{3,6}$/);
    // Chosen otherwise, the fields open; the postal code keeps digits only, at most six.
    await shipping.getByRole('checkbox', { name: 'Sama dengan alamat usaha' }).uncheck();
    await shipping.getByRole('textbox', { name: 'Kode Pos' }).fill('');
    await shipping.getByRole('textbox', { name: 'Kode Pos' }).pressSequentially('12a9-2077');
    expect(await shipping.getByRole('textbox', { name: 'Kode Pos' }).inputValue()).toBe('129207');
    await shipping.getByRole('textbox', { name: 'Kode Pos' }).fill('1');
    await shipping.getByRole('textbox', { name: 'Kota/Kabupaten' }).focus();
    await shipping.getByText('Kode pos harus 3-6 digit angka', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Buat Pesanan' }).isDisabled()).toBe(true);
    await shipping.getByRole('textbox', { name: 'Kode Pos' }).fill('12920');

    // The draft survives a reload: the registration is checked again, the typed address is back.
    await page.reload();
    await step(page, 'Merchant').getByTestId('merchant-verified').waitFor();
    await expect.poll(() => step(page, 'Pengiriman').getByRole('textbox', { name: 'Kode Pos' }).inputValue()).toBe('12920');

    const payment = step(page, 'Pembayaran');
    expect(await payment.getByRole('radio', { name: /Transfer Bank/ }).isChecked()).toBe(true);
    // Midtrans is offered only when the server is configured for it.
    expect(await payment.getByRole('radio', { name: /Midtrans/ }).count()).toBe(0);

    const kode = await placeOrder(page);
    // The token left the address once kept; the cart and the draft are gone.
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => [window.localStorage.getItem('cart'), window.sessionStorage.getItem('aipos.checkout.draft')])).toEqual(
      [null, null],
    );

    const main = page.getByRole('main');
    expect(await page.getByTestId('order-status').textContent()).toBe('Menunggu Pembayaran');
    expect(nbsp(await page.getByTestId('order-total').textContent())).toBe('Rp 700.000');
    const text = nbsp(await main.innerText());
    expect(text).toContain('Ongkos kirim: Gratis');
    expect(text).toContain('Soundbox');
    expect(text).toMatch(/Batas waktu pembayaran: \d{1,2} \w+ \d{4}, \d{2}\.\d{2} WIB/);
    // The exact amount: the total plus a unique code of 1-999, with a copy button that copies digits.
    const amount = rupiahValue(await page.getByTestId('jumlah-transfer').textContent());
    expect(amount).toBeGreaterThan(700_000);
    expect(amount).toBeLessThan(701_000);
    await main.getByRole('button', { name: 'Salin jumlah transfer' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(String(amount));
    expect(await page.getByTestId('nomor-rekening').textContent()).toMatch(/^\d+$/);

    // A reload keeps the order: the token is in this tab's session.
    await page.reload();
    await page.getByTestId('order-status').waitFor();

    // Another browser has no token: not found, then found by the code and the registration's phone.
    const other = await openPage(PHONE);
    await other.goto(`/pesanan/${kode}`);
    await other.getByRole('heading', { name: 'Pesanan tidak ditemukan' }).waitFor();
    await other.getByRole('textbox', { name: 'Nomor HP terdaftar' }).fill('081299990000');
    await other.getByRole('button', { name: 'Cari Pesanan' }).click();
    await other.getByRole('alert').waitFor();
    await other.getByRole('textbox', { name: 'Nomor HP terdaftar' }).fill(LOOKUP_APPLICANT.no_hp);
    await other.getByRole('button', { name: 'Cari Pesanan' }).click();
    await other.getByRole('heading', { level: 1, name: `Pesanan ${kode}` }).waitFor();

    // The shop counts the two units held by the order.
    await page.goto('/shop');
    await card(page, 'Soundbox').getByText('Stok: 48').waitFor();

    // The status page lists the registration's orders for the asker with e-mail and phone.
    await page.goto('/status');
    await page.getByRole('button', { name: 'Email & Nomor HP' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(LOOKUP_APPLICANT.email);
    await page.getByRole('textbox', { name: 'Nomor HP' }).fill(LOOKUP_APPLICANT.no_hp);
    await page.getByRole('button', { name: 'Cek Status' }).click();
    const orders = page.getByRole('region', { name: 'Pesanan Anda' });
    await orders.waitFor();
    expect(await orders.getByRole('link', { name: kode }).getAttribute('href')).toBe(`/pesanan/${kode}`);
    expect(nbsp(await orders.innerText())).toContain('Menunggu Pembayaran');
    // The merchant's timeline: registered, not verified yet, the order made and waiting for payment.
    const timeline = page.getByRole('list', { name: 'Perjalanan pendaftaran dan pesanan' });
    await timeline.waitFor();
    expect(await steps(timeline)).toEqual([
      ['Pendaftaran diterima', 'done'],
      ['Diverifikasi', 'pending'],
      ['Pesanan dibuat', 'current'],
      ['Dibayar', 'pending'],
      ['Dikemas', 'pending'],
      ['Dikirim', 'pending'],
      ['Diterima', 'pending'],
    ]);
    expect(await timeline.locator('[aria-current="step"]').innerText()).toMatch(
      /^Pesanan dibuat\s+Saat ini\s+\d{1,2} \w+ \d{4}, \d{2}\.\d{2} WIB$/,
    );
    expect(await timeline.getByRole('listitem').filter({ hasText: 'Diverifikasi' }).innerText()).toContain('Belum');
  });

  it('shows the paid order and downloads its invoice once the admin confirms the transfer', async () => {
    const page = await checkoutWith('D210 UnionPay');
    await verifyMerchant(page, registration.kode_pendaftaran, LOOKUP_APPLICANT.no_hp);
    const kode = await placeOrder(page);

    // The admin finds the order in Pesanan and confirms the transfer in its dialog (a desktop screen).
    const admin = await openPage();
    const login = await admin.context().request.post('/api/auth/login', { data: ADMIN });
    expect(login.status()).toBe(200);
    await admin.goto('/admin/orders');
    await admin.getByRole('heading', { name: 'Daftar Pesanan' }).waitFor();
    await admin.getByRole('searchbox', { name: 'Cari pesanan' }).fill(kode);
    // The search applies after a pause in typing: a click before it could be overtaken by the list's own
    // navigation to ?q= while the detail screen's chunk loads.
    await admin.waitForURL((url) => url.searchParams.get('q') === kode);
    await admin.getByRole('link', { name: kode }).click();
    await admin.getByRole('heading', { level: 1, name: `Pesanan ${kode}` }).waitFor();
    await admin.getByRole('button', { name: 'Konfirmasi Pembayaran' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Konfirmasi Pembayaran' });
    // Prefilled with the amount to expect: the total plus the order's unique code.
    expect(rupiahValue(await dialog.getByRole('textbox', { name: 'Jumlah diterima' }).inputValue())).toBeGreaterThan(2_500_000);
    await dialog.getByRole('button', { name: 'Konfirmasi', exact: true }).click();
    await toast(admin, 'Pembayaran dikonfirmasi').waitFor();
    // Paid while the registration is still in review: it waits for the verification.
    await expect.poll(() => admin.getByTestId('order-status').first().textContent()).toContain('Menunggu Verifikasi');

    await page.getByRole('button', { name: 'Muat Ulang' }).click();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Menunggu Verifikasi');
    const main = nbsp(await page.getByRole('main').innerText());
    expect(main).toMatch(/Tanggal pembayaran: .+ WIB/);
    expect(main).toContain('Pembayaran diterima. Pesanan dikemas setelah pendaftaran merchant Anda diverifikasi.');
    const timeline = page.getByRole('list', { name: 'Perjalanan pesanan' });
    expect((await steps(timeline)).slice(2, 5)).toEqual([
      ['Pesanan dibuat', 'done'],
      ['Dibayar', 'done'],
      ['Menunggu verifikasi', 'current'],
    ]);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Unduh Invoice' }).click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${kode}.pdf`);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The invoice holds the order's total and its number.
    const text = await pdfText(pdf);
    expect(text).toContain('Rp 2.500.000');
    expect(text).toMatch(/INV\/\d{4}\/\d{2}\/\d{5}/);
    expect(text).toContain(kode);
  });

  it("shows the shipment on the timeline and takes the merchant's word that the order arrived", async () => {
    // A merchant of its own, verified before paying: its order goes straight to packing.
    const merchant = await registerOverHttp(server.baseUrl, {
      overrides: { nama_toko: 'Toko Kirim Cepat', no_hp: '+6281377771234', email: 'kirim.cepat@example.com' },
    });
    const order = await orderOverHttp(server.baseUrl, merchant.kode_pendaftaran, merchant.no_hp, [{ product_id: 1, quantity: 2 }]);
    const admin = (await openPage()).context().request;
    expect((await admin.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
    await setStatusThroughApi(admin, await merchantIdByCode(admin, merchant.kode_pendaftaran), 'verified');
    expect(await confirmTransferThroughApi(admin, order)).toBe('siap_dikemas');
    await packThroughApi(admin, order, ['SBX-E2E-0001', 'SBX-E2E-0002']);
    const shipping = await admin.post(`/api/admin/orders/${await orderIdByCode(admin, order.kode_pesanan)}/ship`, {
      data: { kurir: 'jne', no_resi: 'JNE0012345678' },
    });
    expect(shipping.status()).toBe(200);

    const page = await openPage(PHONE);
    await page.goto(`/pesanan/${order.kode_pesanan}?t=${order.akses}`);
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Dikirim');
    // 'Pengiriman': courier, resi with its copy button, the courier's tracking page.
    const main = page.getByRole('main');
    expect(await page.getByTestId('nomor-resi').textContent()).toBe('JNE0012345678');
    expect(nbsp(await main.innerText())).toMatch(/Kurir\s+JNE/);
    await main.getByRole('button', { name: 'Salin nomor resi' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('JNE0012345678');
    expect(await main.getByRole('link', { name: /^Lacak Paket di JNE/ }).getAttribute('href')).toBe(
      'https://www.jne.co.id/tracking-package?awb=JNE0012345678',
    );
    // The timeline up to Dikirim, with the courier, the resi and the tracking link on that step.
    const timeline = page.getByRole('list', { name: 'Perjalanan pesanan' });
    expect(await steps(timeline)).toEqual([
      ['Pendaftaran diterima', 'done'],
      ['Diverifikasi', 'done'],
      ['Pesanan dibuat', 'done'],
      ['Dibayar', 'done'],
      ['Dikemas', 'done'],
      ['Dikirim', 'current'],
      ['Diterima', 'pending'],
    ]);
    const shipped = timeline.locator('[aria-current="step"]');
    expect(nbsp(await shipped.innerText())).toContain('JNE · resi JNE0012345678');
    expect(await shipped.getByRole('link', { name: /^Lacak paket/ }).getAttribute('href')).toBe(
      'https://www.jne.co.id/tracking-package?awb=JNE0012345678',
    );
    // Mobile first: the card and the timeline fit a 390 px phone without sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A stale tab of the same order, to meet the 409 once the first has confirmed.
    const stale = await openPage(PHONE);
    await stale.goto(`/pesanan/${order.kode_pesanan}?t=${order.akses}`);
    await stale.getByRole('button', { name: 'Pesanan Sudah Diterima' }).waitFor();

    // Asked first; 'Batal' changes nothing.
    await main.getByRole('button', { name: 'Pesanan Sudah Diterima' }).click();
    const dialog = page.getByRole('dialog', { name: 'Konfirmasi Penerimaan' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('order-status').textContent()).toBe('Dikirim');
    await main.getByRole('button', { name: 'Pesanan Sudah Diterima' }).click();
    await dialog.getByRole('button', { name: 'Ya, Sudah Diterima' }).click();
    await toast(page, 'Pesanan ditandai sudah diterima').waitFor();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Diterima');
    expect(await main.getByRole('button', { name: 'Pesanan Sudah Diterima' }).count()).toBe(0);
    expect(nbsp(await main.innerText())).toMatch(/Diterima\s+\d{1,2} \w+ \d{4}, \d{2}\.\d{2} WIB/);
    expect((await steps(timeline)).at(-1)).toEqual(['Diterima', 'current']);
    // Still paid: the invoice stays.
    await main.getByRole('button', { name: 'Unduh Invoice' }).waitFor();

    // The stale tab is refused with the server's Indonesian message, then shows where the order stands.
    await stale.getByRole('button', { name: 'Pesanan Sudah Diterima' }).click();
    await stale.getByRole('dialog', { name: 'Konfirmasi Penerimaan' }).getByRole('button', { name: 'Ya, Sudah Diterima' }).click();
    const refusal = stale.getByRole('main').getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe('Tindakan ini tidak dapat dilakukan pada pesanan berstatus Diterima.');
    await expect.poll(() => stale.getByTestId('order-status').textContent()).toBe('Diterima');
  });

  it('goes to register from the checkout and comes back to order with the new registration', async () => {
    const page = await checkoutWith('Soundbox');
    const merchant = step(page, 'Merchant');
    await merchant.getByText('Belum terdaftar sebagai merchant?').waitFor();
    await merchant.getByRole('link', { name: 'Daftar Merchant' }).click();
    await page.waitForURL('**/register');

    await completeToReview(page);
    await page.getByRole('checkbox', { name: /Saya menyetujui pemrosesan data pribadi/ }).check();
    await page.getByRole('button', { name: 'Submit Pendaftaran' }).click();
    await page.waitForURL(/\/registrasi\/success\?code=/);
    const newCode = new URL(page.url()).searchParams.get('code')!;
    await page.getByRole('link', { name: 'Lanjutkan ke Checkout' }).click();
    await page.waitForURL('**/checkout');

    // Checked by this tab's receipt: no phone typed.
    const verified = step(page, 'Merchant').getByTestId('merchant-verified');
    await verified.waitFor();
    expect(await verified.innerText()).toContain(STORE.nama_toko);
    expect(await verified.innerText()).toContain(newCode);
    await expect.poll(() => step(page, 'Pengiriman').getByRole('textbox', { name: 'Nama Penerima' }).inputValue()).toBe(OWNER.nama_pemilik);
    await placeOrder(page);
    expect(await page.getByRole('main').innerText()).toContain(STORE.nama_toko);
    // The success page offers the checkout only while a cart or a left checkout waits.
    await page.goto(`/registrasi/success?code=${newCode}`);
    await page.getByRole('link', { name: 'Cek Status Pendaftaran' }).waitFor();
    expect(await page.getByRole('link', { name: 'Lanjutkan ke Checkout' }).count()).toBe(0);
  });
});

describe('checkout with Midtrans offered', () => {
  let midtransServer: RunningServer;
  let simulator: MidtransSimulator;
  let merchant: HttpRegistration;

  beforeAll(async () => {
    simulator = await MidtransSimulator.start('SB-Mid-server-e2e-toko');
    midtransServer = await startServer({ MIDTRANS_SERVER_KEY: 'SB-Mid-server-e2e-toko', MIDTRANS_BASE_URL: simulator.origin });
    merchant = await registerOverHttp(midtransServer.baseUrl, { overrides: LOOKUP_APPLICANT });
  });

  afterAll(async () => {
    await midtransServer?.stop();
    await simulator?.close();
  });

  it('offers Midtrans beside the transfer and sends the buyer to its payment page', async () => {
    const page = await checkoutWith('Soundbox', { ...PHONE, baseURL: midtransServer.baseUrl });
    await verifyMerchant(page, merchant.kode_pendaftaran, LOOKUP_APPLICANT.no_hp);
    const payment = step(page, 'Pembayaran');
    expect(await payment.getByRole('radio', { name: /Transfer Bank/ }).isChecked()).toBe(true);
    await payment.getByRole('radio', { name: /Midtrans \(kartu, e-wallet, QRIS, virtual account\)/ }).check();

    const kode = await placeOrder(page);
    const pay = page.getByRole('link', { name: 'Bayar dengan Midtrans' });
    await pay.waitFor();
    expect(await pay.getAttribute('href')).toBe(`${simulator.origin}/snap/v4/redirection/${simulator.requests.at(-1)!.token}`);
    expect(simulator.requests.at(-1)!.body.transaction_details.order_id).toBe(kode);
    expect(await page.getByRole('main').innerText()).toMatch(/Batas waktu pembayaran: .+ WIB/);
    expect(await page.getByText('Jumlah transfer').count()).toBe(0);
  });
});
