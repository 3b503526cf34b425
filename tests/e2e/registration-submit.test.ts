import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { it } from './support/browser.js';
import { completeToReview, expectToast, next, stepHeading } from './support/registration-wizard.js';

const submitButton = (p: Page) => p.getByRole('button', { name: /Submit Pendaftaran|Memproses\.\.\./ });

async function consentAndSubmit(p: Page): Promise<void> {
  await p.getByRole('checkbox', { name: /Saya menyetujui pemrosesan data pribadi/ }).check();
  await submitButton(p).click();
}

describe('registration submit (docs/spec.md §2, §8)', () => {
  it('shows the server message and its step, Gagal mendaftar, and the network failure message', async ({ page }) => {
    await completeToReview(page);

    // A field the server refuses: its message, and the wizard goes to that field's step.
    await page.route('**/api/registrations', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'NIK tidak valid menurut server', field: 'nik' } }),
      }),
    );
    await consentAndSubmit(page);
    await expectToast(page, 'NIK tidak valid menurut server');
    await stepHeading(page, 2, 'Data Pemilik').waitFor();
    await next(page);
    await next(page);
    await next(page);
    await stepHeading(page, 5, 'Konfirmasi').waitFor();

    // An answer without a readable error: Gagal mendaftar.
    await page.unroute('**/api/registrations');
    await page.route('**/api/registrations', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }),
    );
    await consentAndSubmit(page);
    await expectToast(page, 'Gagal mendaftar');
    await stepHeading(page, 5, 'Konfirmasi').waitFor();

    // No answer at all: Terjadi kesalahan saat mendaftar.
    await page.unroute('**/api/registrations');
    await page.route('**/api/registrations', (route) => route.abort('connectionfailed'));
    await submitButton(page).click();
    await expectToast(page, 'Terjadi kesalahan saat mendaftar');
    expect(await page.evaluate(() => sessionStorage.getItem('aipos.registration.submitted'))).toBeNull();
  });

  it('reads Memproses... while sending, then a second submit only shows the confirmation', async ({ page }) => {
    await completeToReview(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const keys: string[] = [];
    await page.route('**/api/registrations', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      await held;
      await route.continue();
    });
    await consentAndSubmit(page);
    const busy = page.getByRole('button', { name: 'Memproses...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await expectToast(page, 'Pendaftaran berhasil!');
    await page.waitForURL(/\/registrasi\/success\?code=AIP-/);
    const code = new URL(page.url()).searchParams.get('code');

    // The wizard again in the same tab: the dialog, and nothing new is sent.
    await page.goto('/register');
    await page.getByRole('dialog', { name: 'Pendaftaran Sudah Dikirim' }).getByRole('button', { name: 'Lihat Konfirmasi' }).click();
    await page.waitForURL(`**/registrasi/success?code=${encodeURIComponent(code ?? '')}`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,200}$/);
  });
});
