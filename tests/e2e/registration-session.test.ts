import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { registerOverHttp } from '../support/registration-fixtures.js';
import { baseUrl, it } from './support/browser.js';
import { stepHeading } from './support/registration-wizard.js';

/**
 * A registration made over HTTP, and the wizard reopened in a browser that remembers submitting it (what
 * the wizard leaves in the session after a successful submit): the "already sent" dialog.
 */
async function reopenAfterSubmitting(p: Page) {
  const registration = await registerOverHttp(baseUrl());
  await p.goto('/register');
  await p.evaluate((r) => {
    sessionStorage.setItem('aipos.registration.submitted', 'true');
    sessionStorage.setItem('aipos.registration.code', r.kode_pendaftaran);
    sessionStorage.setItem('aipos.registration.receiptToken', r.receipt_token);
    sessionStorage.setItem('aipos.registration.idempotencyKey', 'kunci-lama-12345');
  }, registration);
  await p.reload();
  return { registration, dialog: p.getByRole('dialog', { name: 'Pendaftaran Sudah Dikirim' }) };
}

describe('registration browser-session memory (docs/spec.md §2, §4)', () => {
  it('shows the "already sent" dialog with the code; Lihat Konfirmasi opens the success page', async ({ page }) => {
    const { registration, dialog } = await reopenAfterSubmitting(page);
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(registration.kode_pendaftaran);
    // It is answered with its buttons: Escape does not dismiss it.
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Lihat Konfirmasi' }).click();
    await page.waitForURL(`**/registrasi/success?code=${encodeURIComponent(registration.kode_pendaftaran)}`);
    await page.getByRole('heading', { name: 'Pendaftaran Berhasil!' }).waitFor();
    // The receipt token unmasks this browser's own registration.
    await page.getByText(registration.email).waitFor();
    expect(await page.getByRole('main').innerText()).toContain(registration.nama_pemilik);
  });

  it('Buat Pendaftaran Baru forgets the flag, code, merchant id, token and key and starts empty', async ({ page }) => {
    const { dialog } = await reopenAfterSubmitting(page);
    await dialog.getByRole('button', { name: 'Buat Pendaftaran Baru' }).click();
    await dialog.waitFor({ state: 'detached' });
    await stepHeading(page, 1, 'Data Toko').waitFor();
    expect(await page.getByLabel('Nama Toko').inputValue()).toBe('');
    const left = await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('aipos.registration.')));
    expect(left).toEqual([]);
    await page.reload();
    await stepHeading(page, 1, 'Data Toko').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('has a real privacy notice behind the consent link', async ({ page }) => {
    await page.goto('/privacy');
    await page.getByRole('heading', { name: 'Kebijakan Privasi', level: 1 }).waitFor();
    const text = await page.getByRole('main').innerText();
    for (const part of [
      'Undang-Undang Nomor 27 Tahun 2022',
      'Data yang kami kumpulkan',
      'Tujuan',
      'Berapa lama',
      'Hak Anda',
      'menarik kembali persetujuan',
      'Kontak',
      'support@aipos.co.id',
    ]) {
      expect(text).toContain(part);
    }
    expect(await page.title()).toBe('Kebijakan Privasi | AIPOS');
  });
});
