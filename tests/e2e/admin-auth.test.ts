import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { E2E_ADMIN, E2E_STAFF, E2E_TOTP_ADMIN, startAdminServer } from './support/admin-server.js';
import { launchBrowser } from './support/browser.js';
import type { RunningServer } from './support/server-process.js';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAdminServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  const context = await browser.newContext({ baseURL: server.baseUrl, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  page = await context.newPage();
});

const toast = (p: Page, text: string) => p.locator('[data-sonner-toast]', { hasText: text });

async function fillLogin(p: Page, email: string, password: string) {
  await p.goto('/admin/login');
  await p.getByLabel('Email').fill(email);
  await p.locator('input[name="password"]').fill(password);
  await p.getByRole('button', { name: 'Login', exact: true }).click();
}

describe('admin sign-in', () => {
  it('sends a signed-out visitor of /admin/merchants to /admin/login', async () => {
    await page.goto('/admin/merchants');
    await page.waitForURL('**/admin/login');
    await page.getByRole('heading', { name: 'Admin AIPOS' }).waitFor();
    // The login screen has no public layout.
    expect(await page.getByRole('navigation', { name: 'Navigasi utama' }).count()).toBe(0);
  });

  it('shows and hides the password with the toggle', async () => {
    await page.goto('/admin/login');
    const password = page.locator('input[name="password"]');
    await password.fill('rahasia-sekali-123');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Tampilkan password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Sembunyikan password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
  });

  it('toasts Login Gagal with the message for a wrong password', async () => {
    await fillLogin(page, E2E_ADMIN.email, 'bukan-password-yang-benar');
    const t = toast(page, 'Login Gagal');
    await t.waitFor();
    expect(await t.innerText()).toContain('Email atau password salah');
    expect(new URL(page.url()).pathname).toBe('/admin/login');
  });

  it('refuses a non-admin with the SPEC toast', async () => {
    await fillLogin(page, E2E_STAFF.email, E2E_STAFF.password);
    await toast(page, 'Akses ditolak. Anda bukan admin.').waitFor();
    await page.goto('/admin/merchants');
    await page.waitForURL('**/admin/login');
  });

  it('signs in, shows the shell with the e-mail, and signs out', async () => {
    await fillLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL('**/admin');
    const nav = page.getByRole('navigation', { name: 'Navigasi admin' });
    for (const name of ['Antrean', 'Dashboard', 'Merchants', 'Audit Logs', 'Settings']) await nav.getByRole('link', { name }).waitFor();
    expect(await page.getByTestId('admin-email').innerText()).toBe(E2E_ADMIN.email);
    // The session cookie is invisible to scripts.
    expect(await page.evaluate(() => document.cookie)).not.toContain('aipos_session');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'aipos_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    await nav.getByRole('link', { name: 'Audit Logs' }).click();
    await page.waitForURL('**/admin/audit');

    await page.getByRole('button', { name: 'Logout' }).click();
    await toast(page, 'Logout Berhasil').waitFor();
    await page.waitForURL('**/admin/login');
    await page.goto('/admin/settings');
    await page.waitForURL('**/admin/login');
  });

  it('keeps the admin chunks off the public pages', async () => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Navigasi utama' }).waitFor();
    await page.goto('/shop');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /login-page|admin-shell|security-page|admin-placeholder/.test(s))).toEqual([]);
  });
});

describe('TOTP second factor', () => {
  it('enrols with the manual key, then asks for the code at sign-in', async () => {
    await fillLogin(page, E2E_TOTP_ADMIN.email, E2E_TOTP_ADMIN.password);
    await page.waitForURL('**/admin');
    await page.goto('/admin/security');
    await page.getByRole('button', { name: 'Aktifkan Verifikasi Dua Langkah' }).click();
    await page.getByRole('img', { name: 'Kode QR untuk aplikasi autentikator' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').innerText()).trim();
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    await page.locator('input[name="code"]').fill(totp.generate());
    await page.getByRole('button', { name: 'Konfirmasi' }).click();
    const codes = page.getByRole('list', { name: 'Kode pemulihan' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await page.getByRole('button', { name: 'Saya sudah menyimpan kode ini' }).click();
    await page.getByText('Aktif.').waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');
    await fillLogin(page, E2E_TOTP_ADMIN.email, E2E_TOTP_ADMIN.password);
    const code = page.locator('input[name="code"]');
    await code.waitFor();
    // The enrolment code's time step is spent; the next step's code is within the allowed drift.
    await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Verifikasi' }).click();
    await page.waitForURL('**/admin');
    expect(await page.getByTestId('admin-email').innerText()).toBe(E2E_TOTP_ADMIN.email);
  });
});
