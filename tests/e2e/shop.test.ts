import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { pagePerTest } from './support/browser.js';

const session = pagePerTest();
let page: Page;
beforeEach(() => {
  page = session.page;
});

const card = (p: Page, name: string) => p.getByRole('article', { name });
const nbsp = (s: string | null) => (s ?? '').replaceAll('\u00a0', ' ');

describe('shop and cart', () => {
  it('shows the three products exactly as the catalogue says', async () => {
    await page.goto('/shop');
    const expected = [
      ['Soundbox', 'SKU: SBX-STD', 'Rp 350.000', 'Best Seller', 'Stok tersedia: 50'],
      ['D210 UnionPay', 'SKU: D210-UP', 'Rp 2.500.000', 'Premium', 'Stok tersedia: 20'],
      ['EDC Android PAX A920 Pro', 'SKU: A920-PRO2', 'Rp 3.000.000', 'Pro Choice', 'Stok tersedia: 15'],
    ];
    for (const [name, ...texts] of expected) {
      const text = nbsp(await card(page, name!).innerText());
      for (const t of texts) expect(text).toContain(t);
    }
    expect(await page.getByRole('complementary', { name: 'Keranjang belanja' }).count()).toBe(0);
  });

  it('adds, steps, floors at one, totals and checks out with the saved cart', async () => {
    await page.goto('/shop');
    await card(page, 'Soundbox').getByRole('button', { name: 'Add to Cart Soundbox' }).click();
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

    await card(page, 'EDC Android PAX A920 Pro').getByRole('button', { name: /Add to Cart/ }).click();
    const bar = page.getByRole('complementary', { name: 'Keranjang belanja' });
    await bar.waitFor();
    expect(await bar.getByTestId('cart-count').textContent()).toBe('3 item');
    // 2 × 350.000 + 3.000.000
    expect(nbsp(await bar.getByTestId('cart-total').textContent())).toBe('Rp 3.700.000');

    // The toasts stand above the cart bar rather than over its button.
    const toast = page.locator('[data-sonner-toast]', { hasText: 'EDC Android PAX A920 Pro ditambahkan ke keranjang' });
    await expect
      .poll(async () => {
        const [toastBox, barBox] = await Promise.all([toast.boundingBox(), bar.boundingBox()]);
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
    await page.getByRole('heading', { name: 'Checkout akan segera tersedia' }).waitFor();
    expect(nbsp(await page.getByRole('main').innerText())).toContain('Rp 3.700.000');

    // Back in the shop, the saved cart is there again.
    await page.goto('/shop');
    expect(await card(page, 'Soundbox').getByRole('status', { name: 'Jumlah Soundbox' }).textContent()).toBe('2');
    expect(nbsp(await page.getByTestId('cart-total').textContent())).toBe('Rp 3.700.000');
  });

  it('does not cap the quantity at the stock', async () => {
    await page.goto('/shop');
    const pax = card(page, 'EDC Android PAX A920 Pro');
    await pax.getByRole('button', { name: /Add to Cart/ }).click();
    const plus = pax.getByRole('button', { name: 'Tambah EDC Android PAX A920 Pro' });
    for (let i = 0; i < 15; i += 1) await plus.click();
    expect(await pax.getByRole('status').textContent()).toBe('16');
  });

  it('refuses checkout with an empty cart', async () => {
    await page.goto('/checkout');
    await page.getByText('Keranjang belanja kosong').first().waitFor();
    const toast = page.locator('[data-sonner-toast]', { hasText: 'Keranjang belanja kosong' });
    await toast.waitFor();
    expect(await toast.count()).toBe(1);
  });
});
