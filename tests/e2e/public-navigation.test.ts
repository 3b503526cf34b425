import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { it, newPage } from './support/browser.js';

function pathOf(p: Page): string {
  return new URL(p.url()).pathname;
}

async function clickAndExpectPath(p: Page, click: () => Promise<void>, expected: string) {
  await click();
  await p.waitForURL((url) => url.pathname === expected);
  expect(pathOf(p)).toBe(expected);
}

describe('public navigation', () => {
  it('serves Indonesian pages with a title per page', async ({ page }) => {
    await page.goto('/');
    expect(await page.locator('html').getAttribute('lang')).toBe('id');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe('Beranda | AIPOS');
    await page.goto('/shop');
    await page.getByRole('heading', { name: 'Produk AIPOS' }).waitFor();
    expect(await page.title()).toBe('Produk | AIPOS');
  });

  it('reaches every page from the top navigation', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Navigasi utama' });
    const header = page.getByRole('banner');
    await clickAndExpectPath(page, () => nav.getByRole('link', { name: 'Produk' }).click(), '/shop');
    await clickAndExpectPath(page, () => nav.getByRole('link', { name: 'Cek Status' }).click(), '/status');
    await clickAndExpectPath(page, () => nav.getByRole('link', { name: 'Daftar Merchant' }).click(), '/register');
    await clickAndExpectPath(page, () => nav.getByRole('link', { name: 'Beranda' }).click(), '/');
    await clickAndExpectPath(page, () => header.getByRole('link', { name: 'Beli Produk' }).click(), '/shop');
    await clickAndExpectPath(page, () => header.getByRole('link', { name: 'Admin' }).click(), '/admin/login');
  });

  it('shows the hero, the three benefits and the featured products with landing prices', async ({ page }) => {
    await page.goto('/');
    for (const benefit of ['Aman', 'Cepat', 'Penjualan Meningkat']) {
      await page.getByRole('heading', { name: benefit, exact: true }).waitFor();
    }
    const featured = page.getByRole('region', { name: 'Produk Unggulan' });
    const text = (await featured.innerText()).replaceAll('\u00a0', ' ');
    expect(text).toContain('Rp 350.000');
    expect(text).toContain('Rp 2.500.000');
    expect(text).toContain('Rp 3.000.000');
    expect(await featured.getByRole('link', { name: /^Lihat Detail/ }).count()).toBe(3);
  });

  it('links every home call to action to its page', async ({ page }) => {
    const main = () => page.getByRole('main');
    const cases: [string, string][] = [
      ['Daftar Merchant', '/register'],
      ['Beli Produk AIPOS', '/shop'],
      ['Lihat Detail D210 UnionPay', '/shop'],
      ['Lihat Semua Produk', '/shop'],
      ['Daftar Merchant Sekarang', '/register'],
      ['Cek Status Pendaftaran', '/status'],
    ];
    for (const [name, target] of cases) {
      await page.goto('/');
      await clickAndExpectPath(page, () => main().getByRole('link', { name, exact: true }).click(), target);
    }
  });

  it('shows contact details, the 2024 copyright and the product names in the footer', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const text = await footer.innerText();
    expect(text).toContain('support@aipos.co.id');
    expect(text).toContain('Jakarta');
    expect(text).toContain('© 2024 AIPOS');
    for (const name of ['Soundbox', 'D210 UnionPay', 'EDC Android PAX A920 Pro']) expect(text).toContain(name);
    await clickAndExpectPath(page, () => footer.getByRole('link', { name: 'Kebijakan Privasi' }).click(), '/privacy');
    await page.getByRole('heading', { name: 'Kebijakan Privasi', level: 1 }).waitFor();
    await clickAndExpectPath(page, () => page.getByRole('contentinfo').getByRole('link', { name: 'Syarat & Ketentuan' }).click(), '/terms');
    await page.getByRole('heading', { name: 'Syarat dan Ketentuan', level: 1 }).waitFor();
  });

  it('shows the not-found screen, logs the path and links home', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/tidak/ada/halaman');
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    expect(errors.some((e) => e.includes('/tidak/ada/halaman'))).toBe(true);
    await clickAndExpectPath(page, () => page.getByRole('link', { name: 'Return to Home' }).click(), '/');
  });

  it('matches routes case-insensitively', async ({ page }) => {
    await page.goto('/SHOP');
    await page.getByRole('heading', { name: 'Produk AIPOS' }).waitFor();
    await page.goto('/Checkout');
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    expect(await page.getByText('Oops! Page not found').count()).toBe(0);
  });

  it('opens and uses the collapsible menu at 375 px', async ({ browser }) => {
    const mobile = await newPage(browser, { viewport: { width: 375, height: 740 } });
    await mobile.goto('/');
    expect(await mobile.getByRole('navigation', { name: 'Navigasi utama' }).isVisible()).toBe(false);
    const toggle = mobile.getByRole('button', { name: 'Buka menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const menu = mobile.getByRole('navigation', { name: 'Navigasi seluler' });
    await menu.waitFor();
    for (const name of ['Beranda', 'Produk', 'Cek Status', 'Daftar Merchant', 'Admin', 'Beli Produk']) {
      expect(await menu.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    await clickAndExpectPath(mobile, () => menu.getByRole('link', { name: 'Cek Status' }).click(), '/status');
    // Navigating closes the menu again.
    await menu.waitFor({ state: 'hidden' });
    expect(await mobile.getByRole('button', { name: 'Buka menu' }).getAttribute('aria-expanded')).toBe('false');
    await mobile.context().close();
  });

  it('moves focus through the navigation with the keyboard and shows it', async ({ page }) => {
    await page.goto('/');
    // A person starts tabbing once the page is there.
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return { text: el?.textContent?.trim(), outline: el ? getComputedStyle(el).outlineStyle : '' };
    });
    expect(focused.text).toBe('AIPOS');
    expect(focused.outline).not.toBe('none');
  });

  it('shows the router error screen with the message when a page cannot load, and recovers on the next page', async ({ page }) => {
    await page.route('**/assets/register-page-*.js', (route) => route.abort());
    await page.goto('/');
    await page.getByRole('link', { name: 'Daftar Merchant', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    expect(await page.getByRole('main').innerText()).toMatch(/dynamically imported module|Failed to fetch/);
    await page.unroute('**/assets/register-page-*.js');
    await page.getByRole('link', { name: 'Kembali ke Beranda' }).click();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('heading', { name: 'Unexpected Application Error!' }).count()).toBe(0);
  });
});
