import { describe, expect, it } from 'vitest';
import { orderOverHttp } from '../support/order-requests.js';
import { LOOKUP_APPLICANT } from '../support/registration-fixtures.js';
import { merchantsSuite, nbsp, toastWith } from './support/admin-merchants-setup.js';

/** The admin's order and product screens: live list, cancel with refund, product edits the shop sees. */
const suite = merchantsSuite();
const { adminPage } = suite;

/** An order of the suite's registration through the public API, as checkout sends it. */
const placeOrder = (productId: number, quantity: number) =>
  orderOverHttp(suite.server.baseUrl, suite.registration.kode_pendaftaran, LOOKUP_APPLICANT.no_hp, [{ product_id: productId, quantity }]);

describe('admin orders', () => {
  it('shows a new order in Pesanan without a reload, then cancels it with a reason; its units go back', async () => {
    const page = await adminPage();
    await page.goto('/admin/orders');
    await page.getByRole('heading', { name: 'Daftar Pesanan' }).waitFor();
    const order = await placeOrder(2, 2);
    const row = page.getByRole('row').filter({ hasText: order.kode_pesanan });
    // Live: the order's event reaches the open list.
    await row.waitFor();
    expect(nbsp(await row.innerText())).toContain('Menunggu Pembayaran');
    expect(nbsp(await row.innerText())).toContain('Rp 5.000.000');

    await row.getByRole('link', { name: order.kode_pesanan }).click();
    await page.getByRole('heading', { level: 1, name: `Pesanan ${order.kode_pesanan}` }).waitFor();
    await page.getByRole('button', { name: 'Batalkan Pesanan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Batalkan Pesanan' });
    // The reason is required.
    await dialog.getByRole('button', { name: 'Batalkan Pesanan' }).click();
    await dialog.getByText('Alasan minimal 3 karakter').waitFor();
    await dialog.getByRole('textbox', { name: 'Alasan' }).fill('Pembeli meminta pembatalan lewat telepon');
    await dialog.getByRole('button', { name: 'Batalkan Pesanan' }).click();
    await toastWith(page, 'Pesanan dibatalkan').waitFor();
    await expect.poll(() => page.getByTestId('order-status').first().textContent()).toContain('Dibatalkan');
    expect(await page.getByRole('main').innerText()).toContain('Pembeli meminta pembatalan lewat telepon');

    // Nothing is held any more: the shop offers all 20 units of the D210 again.
    const products = (await (await fetch(`${suite.server.baseUrl}/api/products`)).json()) as {
      products: { id: number; stock_available: number }[];
    };
    expect(products.products.find((product) => product.id === 2)?.stock_available).toBe(20);
  });

  it('changes a price in Produk; the shop shows the new price', async () => {
    const page = await adminPage();
    await page.goto('/admin/products');
    await page.getByRole('heading', { name: 'Produk' }).waitFor();
    await page.getByRole('button', { name: 'Ubah Soundbox' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ubah Produk' });
    await dialog.getByRole('textbox', { name: 'Harga (Rp)' }).fill('375000');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await toastWith(page, 'Produk berhasil diperbarui').waitFor();

    const shop = await (await adminPage()).context().newPage();
    await shop.goto('/shop');
    const card = shop.getByRole('article', { name: 'Soundbox' });
    await card.getByText('Stok: 50').waitFor();
    expect(nbsp(await card.innerText())).toContain('Rp 375.000');
  });
});
