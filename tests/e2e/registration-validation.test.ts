import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { pagePerTest } from './support/browser.js';
import {
  byLabel,
  completeStoreStep,
  expectToast,
  fileInput,
  fillBank,
  fillOwner,
  fillStoreText,
  jpegFile,
  next,
  OWNER,
  pdfFile,
  stepHeading,
  STORE,
  toast,
  uploadFile,
} from './support/registration-wizard.js';

const session = pagePerTest();
let page: Page;
beforeEach(() => {
  page = session.page;
});

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
  const toasts = p.locator('[data-sonner-toast]:not([data-removed="true"])');
  for (let round = 0; round < 10 && (await toasts.count()) > 0; round += 1) {
    // Force: the close button only shows on hover, and toasts move while they stack.
    await toasts.first().getByRole('button', { name: 'Close toast' }).click({ force: true, timeout: 2000 }).catch(() => undefined);
    await p.waitForTimeout(100);
  }
  await p.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
}

describe('registration wizard validation (SPEC §5)', () => {
  it('shows each step-1 message as a toast and inline, and keeps only digits in the postal code', async () => {
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

    await dismissToasts(page);
    await page.getByLabel('Alamat Lengkap').fill('Jl. Mawar');
    await next(page);
    await expectToast(page, 'Alamat lengkap minimal 10 karakter');
    expect(await describedBy(page, 'Alamat Lengkap')).toContain('Isi alamat lengkap (minimal 10 karakter)');
    await page.getByLabel('Alamat Lengkap').fill(STORE.alamat_jalan);

    await dismissToasts(page);
    await page.getByLabel('Kecamatan').fill('Ab');
    await next(page);
    await expectToast(page, 'Kecamatan, Kota/Kabupaten, dan Provinsi minimal 3 karakter');
    expect(await describedBy(page, 'Kecamatan')).toContain('Minimal 3 karakter');
    await page.getByLabel('Kecamatan').fill(STORE.kecamatan);

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

    await next(page);
    await stepHeading(page, 2, 'Data Pemilik').waitFor();
  });

  it('checks the owner, document and bank steps, and Back keeps what was typed', async () => {
    await completeStoreStep(page);

    // Step 2.
    await next(page);
    await expectToast(page, 'Harap lengkapi semua field yang wajib diisi');
    await fillOwner(page);
    await dismissToasts(page);
    await page.getByLabel('NIK').fill('12345');
    await next(page);
    await expectToast(page, 'NIK harus 16 digit');
    expect(await describedBy(page, 'NIK')).toContain('NIK harus 16 digit');
    await page.getByLabel('NIK').fill(OWNER.nik);
    await dismissToasts(page);
    await page.getByLabel('Email').fill('bukan-email');
    await next(page);
    await expectToast(page, 'Format email tidak valid');
    expect(await describedBy(page, 'Email')).toContain('Format email tidak valid');
    await page.getByLabel('Email').fill(OWNER.email);

    // Back to step 1 and forward again: both steps keep their values, step 1 its uploads.
    await page.getByRole('button', { name: 'Kembali' }).click();
    await stepHeading(page, 1, 'Data Toko').waitFor();
    expect(await page.getByLabel('Nama Toko').inputValue()).toBe(STORE.nama_toko);
    expect(await page.getByTestId('upload-Foto Usaha').innerText()).toContain('usaha.jpg');
    await next(page);
    await stepHeading(page, 2, 'Data Pemilik').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(OWNER.email);
    await next(page);

    // Step 3: required documents.
    await stepHeading(page, 3, 'Dokumen').waitFor();
    expect(await page.getByRole('button', { name: 'Kembali' }).isEnabled()).toBe(true);
    await uploadFile(page, 'KTP', await jpegFile('ktp.jpg'));
    await next(page);
    await expectToast(page, 'Harap upload semua dokumen yang wajib');
    expect(await describedBy(page, 'Selfie KTP')).toContain('Wajib diunggah');
    await uploadFile(page, 'Selfie KTP', await jpegFile('selfie.jpg'));
    await uploadFile(page, 'Kartu Keluarga', await jpegFile('kk.jpg'));
    await next(page);

    // Step 4.
    await stepHeading(page, 4, 'Rekening Bank').waitFor();
    await dismissToasts(page);
    await next(page);
    await expectToast(page, 'Harap lengkapi semua informasi rekening bank');
    expect(await describedBy(page, 'Nama Bank')).toContain('Wajib diisi');
    await fillBank(page);
    await next(page);
    await stepHeading(page, 5, 'Konfirmasi').waitFor();
  });

  it('offers a free-text category after Lainnya and a way back to the list', async () => {
    await page.goto('/register');
    const select = page.getByRole('combobox', { name: 'Kategori Usaha' });
    // The wizard is a lazy chunk (page budgets): wait for it before reading the list, which does not wait.
    await select.waitFor();
    const options = await select.locator('option').allInnerTexts();
    expect(options.slice(1)).toEqual([
      'Retail', 'F&B', 'Fashion', 'Jasa Keuangan', 'Elektronik', 'Sembako', 'Pendidikan', 'Kesehatan', 'Otomotif', 'Properti', 'Travel & Tourism', 'Teknologi', 'Lainnya',
    ]);
    await select.selectOption('Lainnya');
    const text = page.getByRole('textbox', { name: 'Kategori Usaha' });
    await text.waitFor();
    expect(await text.getAttribute('name')).toBe('kategori_usaha');
    expect(await text.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await select.count()).toBe(0);
    await text.fill('Kerajinan Tangan');
    await page.getByRole('button', { name: 'Pilih dari daftar' }).click();
    await select.waitFor();
    expect(await select.inputValue()).toBe('');
    expect(await select.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Kategori Usaha' }).count()).toBe(0);
  });

  it('refuses a file over 3 MB and a wrong type with the SPEC toasts and keeps neither', async () => {
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

  it('lets NPWP and SIUP/NIB take a PDF', async () => {
    await page.goto('/register');
    await fillStoreText(page);
    await uploadFile(page, 'Foto Usaha', await jpegFile('usaha.jpg'));
    await uploadFile(page, 'Foto Produk', await jpegFile('produk.jpg'));
    await next(page);
    await fillOwner(page);
    await next(page);
    await stepHeading(page, 3, 'Dokumen').waitFor();
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
