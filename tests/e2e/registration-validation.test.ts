import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { BUSINESS_CATEGORIES } from '../../src/domain/vocabularies.js';
import { it } from './support/browser.js';
import {
  byLabel,
  completeStoreStep,
  expectToast,
  fileInput,
  fillBank,
  fillOwner,
  fillOwnerStep,
  fillStoreText,
  goForwardTo,
  jpegFile,
  next,
  OWNER,
  pdfFile,
  requiredDocuments,
  stepHeading,
  STORE,
  toast,
  uploadFile,
  uploadFiles,
} from './support/registration-wizard.js';

/** The inline error tied to a control through aria-describedby. */
async function describedBy(p: Page, label: string): Promise<string> {
  return byLabel(p, label).evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );
}

/** Closes every toast with its own close button, so the next one is known to be new. */
async function dismissToasts(p: Page): Promise<void> {
  const open = '[data-sonner-toast]:not([data-removed="true"])';
  const toasts = p.locator(open);
  for (let round = 0, count = await toasts.count(); round < 10 && count > 0; round += 1, count = await toasts.count()) {
    // Force: the close button only shows on hover, and toasts move while they stack.
    await toasts
      .first()
      .getByRole('button', { name: 'Close toast' })
      .click({ force: true, timeout: 2000 })
      .catch(() => undefined);
    // A closed toast is marked removed at once (it leaves the page after its exit animation); a click that
    // missed a moving toast closes none, and the next round tries again.
    await p
      .waitForFunction(([selector, before]) => document.querySelectorAll(selector).length < before, [open, count] as const, {
        timeout: 2000,
      })
      .catch(() => undefined);
  }
  await p.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
}

/**
 * Types a refused value into a field of the open step and tries to go on: the toast and the inline message
 * (tied to the control) say why; then the valid value goes back in.
 */
async function expectRefused(
  p: Page,
  label: string,
  refused: { value: string; toast: string; inline: string },
  valid: string,
): Promise<void> {
  await dismissToasts(p);
  await p.getByLabel(label).fill(refused.value);
  await next(p);
  await expectToast(p, refused.toast);
  expect(await describedBy(p, label)).toContain(refused.inline);
  await p.getByLabel(label).fill(valid);
}

describe('registration wizard validation (docs/spec.md §5)', () => {
  it('shows each step-1 message as a toast and inline, and keeps only digits in the postal code', async ({ page }) => {
    await page.goto('/register');
    await next(page);
    await expectToast(page, 'Harap lengkapi semua field yang wajib diisi');
    expect(await describedBy(page, 'Nama Toko')).toContain('Wajib diisi');
    expect(await page.getByLabel('Nama Toko').getAttribute('aria-invalid')).toBe('true');
    // The first invalid control takes the focus.
    expect(await page.getByLabel('Nama Toko').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await describedBy(page, 'Foto Usaha')).toContain('Wajib diunggah');
    await stepHeading(page, 1, 'Data Toko').waitFor();

    await fillStoreText(page);
    await uploadFile(page, 'Foto Usaha', await jpegFile('usaha.jpg'));
    await uploadFile(page, 'Foto Produk', await jpegFile('produk.jpg'));

    const address = { value: 'Jl. Mawar', toast: 'Alamat lengkap minimal 10 karakter', inline: 'Isi alamat lengkap (minimal 10 karakter)' };
    await expectRefused(page, 'Alamat Lengkap', address, STORE.alamat_jalan);
    const district = { value: 'Ab', toast: 'Kecamatan, Kota/Kabupaten, dan Provinsi minimal 3 karakter', inline: 'Minimal 3 karakter' };
    await expectRefused(page, 'Kecamatan', district, STORE.kecamatan);

    await dismissToasts(page);
    await page.getByLabel('Kode Pos').fill('');
    await page.getByLabel('Kode Pos').pressSequentially('ab12c3456789');
    expect(await page.getByLabel('Kode Pos').inputValue()).toBe('123456');
    await page.getByLabel('Kode Pos').fill('');
    await page.getByLabel('Kode Pos').pressSequentially('1x2');
    expect(await page.getByLabel('Kode Pos').inputValue()).toBe('12');
    await next(page);
    await expectToast(page, 'Kode pos harus 3-6 digit angka');
    expect(await describedBy(page, 'Kode Pos')).toContain('Kode pos harus 3-6 digit angka');
    await page.getByLabel('Kode Pos').fill(STORE.kode_pos);

    await goForwardTo(page, 2);
  });

  it('checks the owner, document and bank steps, and Back keeps what was typed', async ({ page }) => {
    await completeStoreStep(page);

    // Step 2.
    await next(page);
    await expectToast(page, 'Harap lengkapi semua field yang wajib diisi');
    await fillOwner(page);
    await expectRefused(page, 'NIK', { value: '12345', toast: 'NIK harus 16 digit', inline: 'NIK harus 16 digit' }, OWNER.nik);
    const email = { value: 'bukan-email', toast: 'Format email tidak valid', inline: 'Format email tidak valid' };
    await expectRefused(page, 'Email', email, OWNER.email);

    // Back to step 1 and forward again: both steps keep their values, step 1 its uploads.
    await page.getByRole('button', { name: 'Kembali' }).click();
    await stepHeading(page, 1, 'Data Toko').waitFor();
    expect(await page.getByLabel('Nama Toko').inputValue()).toBe(STORE.nama_toko);
    expect(await page.getByTestId('upload-Foto Usaha').innerText()).toContain('usaha.jpg');
    await goForwardTo(page, 2);
    expect(await page.getByLabel('Email').inputValue()).toBe(OWNER.email);
    await goForwardTo(page, 3);

    // Step 3: required documents.
    expect(await page.getByRole('button', { name: 'Kembali' }).isEnabled()).toBe(true);
    const { KTP, ...others } = await requiredDocuments();
    await uploadFile(page, 'KTP', KTP!);
    await next(page);
    await expectToast(page, 'Harap upload semua dokumen yang wajib');
    expect(await describedBy(page, 'Selfie KTP')).toContain('Wajib diunggah');
    await uploadFiles(page, others);
    await goForwardTo(page, 4);

    // Step 4.
    await dismissToasts(page);
    await next(page);
    await expectToast(page, 'Harap lengkapi semua informasi rekening bank');
    expect(await describedBy(page, 'Nama Bank')).toContain('Wajib diisi');
    await fillBank(page);
    await goForwardTo(page, 5);
  });

  it('offers a free-text category after Lainnya and a way back to the list', async ({ page }) => {
    await page.goto('/register');
    const select = page.getByRole('combobox', { name: 'Kategori Usaha' });
    // The wizard is a lazy chunk (page budgets): wait for it before reading the list, which does not wait.
    await select.waitFor();
    const options = await select.locator('option').allInnerTexts();
    // After the placeholder, every category of docs/spec.md §3 in its order: Retail first, Lainnya last.
    expect(options.slice(1)).toEqual([...BUSINESS_CATEGORIES]);
    expect(options.slice(1, 4)).toEqual(['Retail', 'F&B', 'Fashion']);
    expect(options.slice(-3)).toEqual(['Travel & Tourism', 'Teknologi', 'Lainnya']);
    await select.selectOption('Lainnya');
    const text = page.getByRole('textbox', { name: 'Kategori Usaha' });
    await text.waitFor();
    expect(await text.getAttribute('name')).toBe('kategori_usaha');
    // Polled: step 1 may be swapped from its preview for the bound form (decision 0047) between finding the
    // input and reading the focus; the swap moves the focus to the new input, which is what a person sees.
    await expect.poll(() => text.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await select.count()).toBe(0);
    await text.fill('Kerajinan Tangan');
    await page.getByRole('button', { name: 'Pilih dari daftar' }).click();
    await select.waitFor();
    expect(await select.inputValue()).toBe('');
    await expect.poll(() => select.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Kategori Usaha' }).count()).toBe(0);
  });

  it('refuses a file over 3 MB and a wrong type with the SPEC toasts and keeps neither', async ({ page }) => {
    await page.goto('/register');
    const usaha = fileInput(page, 'Foto Usaha');
    expect(await usaha.getAttribute('accept')).toBe('image/jpeg,image/png');
    expect(await usaha.getAttribute('name')).toBe('foto_usaha');
    expect(nbspText(await page.getByText('Format: JPG/PNG, Max: 3MB').first().innerText())).toBe('Format: JPG/PNG, Max: 3MB');

    await usaha.setInputFiles({ name: 'besar.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(3 * 1024 * 1024 + 1, 0xff) });
    await expectToast(page, 'Ukuran file maksimal 3MB');
    expect(await page.getByTestId('upload-Foto Usaha').count()).toBe(0);

    await usaha.setInputFiles({ name: 'animasi.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expectToast(page, 'Format file harus JPG atau PNG');
    expect(await page.getByTestId('upload-Foto Usaha').count()).toBe(0);

    // A text file dressed as a JPEG passes the browser's check; the server reads the bytes and refuses it.
    await dismissToasts(page);
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/uploads');
    await usaha.setInputFiles({ name: 'palsu.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('ini bukan gambar sama sekali') });
    expect((await refused).status()).toBe(415);
    await expectToast(page, 'Format file harus JPG atau PNG');
    await page.getByTestId('upload-Foto Usaha').waitFor({ state: 'detached' });

    // A good file, then the remove action.
    await uploadFile(page, 'Foto Usaha', await jpegFile('usaha.jpg'));
    await page.getByRole('button', { name: 'Hapus Foto Usaha' }).click();
    expect(await page.getByTestId('upload-Foto Usaha').count()).toBe(0);
  });

  it('lets NPWP and SIUP/NIB take a PDF', async ({ page }) => {
    await completeStoreStep(page);
    await fillOwnerStep(page);
    expect(await fileInput(page, 'SIUP/NIB').getAttribute('accept')).toBe('image/jpeg,image/png,application/pdf');
    expect(await fileInput(page, 'KTP').getAttribute('accept')).toBe('image/jpeg,image/png');
    await uploadFile(page, 'SIUP/NIB', pdfFile('nib.pdf'));
    expect(await page.getByRole('img', { name: 'SIUP/NIB (PDF)' }).isVisible()).toBe(true);
    await fileInput(page, 'KTP').setInputFiles(pdfFile('ktp.pdf'));
    await expectToast(page, 'Format file harus JPG atau PNG');
    expect(await toast(page, 'Format file harus JPG atau PNG').count()).toBeGreaterThan(0);
  });
});

function nbspText(s: string): string {
  return s.replaceAll('\u00a0', ' ');
}
