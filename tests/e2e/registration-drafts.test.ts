import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { it } from './support/browser.js';
import {
  BANK,
  expectToast,
  fileInput,
  fillBank,
  fillFields,
  fillOwnerStep,
  fillStoreStep,
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

const DRAFT_KEY = 'aipos.registration.draft';
/** Counts the uploads the browser sends from now on. */
function countUploads(p: Page): () => number {
  let count = 0;
  p.on('request', (request) => {
    if (request.url().endsWith('/api/uploads') && request.method() === 'POST') count += 1;
  });
  return () => count;
}

/** Steps 1 to 3 with documents, then part of step 4, as an applicant would before the tab is lost. */
async function fillToBankStep(p: Page): Promise<void> {
  await p.goto('/register');
  await fillStoreStep(p, { usaha: await jpegFile('usaha.jpg', 640, 480) });
  await fillOwnerStep(p);
  await uploadFiles(p, { ...(await requiredDocuments()), KTP: await jpegFile('ktp.jpg', 800, 500), NPWP: pdfFile('npwp.pdf') });
  await goForwardTo(p, 4);
  await fillFields(p, { nama_bank: BANK.nama_bank, no_rekening: BANK.no_rekening });
}

async function consentAndSubmit(p: Page): Promise<void> {
  await p.getByRole('checkbox', { name: /Saya menyetujui pemrosesan data pribadi/ }).check();
  await p.getByRole('button', { name: 'Submit Pendaftaran' }).click();
  await p.waitForURL(/\/registrasi\/success\?code=AIP-/);
}

/** Everything typed and uploaded before is on screen again, step by step, going back from step 4. */
async function expectEverythingBack(p: Page): Promise<void> {
  await stepHeading(p, 4, 'Rekening Bank').waitFor();
  expect(await p.getByLabel('Nama Bank').inputValue()).toBe(BANK.nama_bank);
  expect(await p.getByLabel('Nomor Rekening').inputValue()).toBe(BANK.no_rekening);
  await p.getByRole('button', { name: 'Kembali' }).click();
  await stepHeading(p, 3, 'Dokumen').waitFor();
  const documents = [
    ['KTP', 'ktp.jpg'],
    ['Selfie KTP', 'selfie.jpg'],
    ['Kartu Keluarga', 'kk.jpg'],
    ['NPWP', 'npwp.pdf'],
  ] as const;
  for (const [label, name] of documents) {
    const card = p.getByTestId(`upload-${label}`);
    await card.getByText(name).waitFor();
    await card.getByText('Terunggah 100%').waitFor();
  }
  // The photo's thumbnail came back from the draft; the PDF keeps its icon.
  expect(await p.getByRole('img', { name: 'Pratinjau KTP' }).getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
  await p.getByRole('img', { name: 'NPWP (PDF)' }).waitFor();
  await p.getByRole('button', { name: 'Kembali' }).click();
  await stepHeading(p, 2, 'Data Pemilik').waitFor();
  expect(await p.getByLabel('NIK').inputValue()).toMatch(/^3174 ?0155 ?0390 ?0001$/);
  expect(await p.getByLabel('Nama Lengkap Pemilik').inputValue()).toBe(OWNER.nama_pemilik);
  await p.getByRole('button', { name: 'Kembali' }).click();
  await stepHeading(p, 1, 'Data Toko').waitFor();
  expect(await p.getByLabel('Nama Toko').inputValue()).toBe(STORE.nama_toko);
  expect(await p.getByLabel('Kecamatan').inputValue()).toBe(STORE.kecamatan);
  await p.getByTestId('upload-Foto Usaha').getByText('usaha.jpg').waitFor();
}

/** From step 1 back to the review, with what was restored, and on to a submitted registration. */
async function goOnAndSubmit(p: Page): Promise<void> {
  for (const step of [2, 3, 4]) await goForwardTo(p, step);
  await fillBank(p);
  await goForwardTo(p, 5);
  await consentAndSubmit(p);
}

describe('registration drafts (decision 0021)', () => {
  it('brings back every step and document after a reload on step 4, and submits with the uploads made before it', async ({ page }) => {
    await fillToBankStep(page);
    await page.reload();
    await expectToast(page, 'Draf pendaftaran dipulihkan');
    const uploads = countUploads(page);
    await expectEverythingBack(page);
    await goOnAndSubmit(page);
    // No document was chosen or sent again: the registration claimed the uploads made before the reload.
    expect(uploads()).toBe(0);
    await page.getByText('Pendaftaran Berhasil').first().waitFor();
    // A submitted registration leaves no draft behind.
    expect(await page.evaluate((key) => sessionStorage.getItem(key), DRAFT_KEY)).toBeNull();
  });

  it('survives leaving the page and coming back in the same tab, and keeps identity data out of localStorage', async ({ page }) => {
    await fillToBankStep(page);
    await page.goto('/status');
    await page.goto('/register');
    await expectToast(page, 'Draf pendaftaran dipulihkan');
    await expectEverythingBack(page);
    const stored = await page.evaluate(() => ({
      local: JSON.stringify({ ...localStorage }),
      session: sessionStorage.getItem('aipos.registration.draft') ?? '',
    }));
    expect(stored.session).toContain(BANK.no_rekening);
    expect(stored.local).not.toContain(BANK.no_rekening);
    expect(stored.local).not.toContain('0155');
    // Another tab of the same browser starts empty: the draft belongs to the tab.
    const other = await page.context().newPage();
    await other.goto('/register');
    await stepHeading(other, 1, 'Data Toko').waitFor();
    expect(await other.getByLabel('Nama Toko').inputValue()).toBe('');
  });

  it('shows a staged upload the server no longer holds as missing, with the slot message, to choose again', async ({ page }) => {
    await fillToBankStep(page);
    // As the 24-hour purge would leave it: the draft names an upload the server does not have.
    await page.evaluate(
      ([key, id]) => {
        const draft = JSON.parse(sessionStorage.getItem(key!)!);
        draft.uploads.foto_ktp.uploadId = id;
        draft.step = 2;
        sessionStorage.setItem(key!, JSON.stringify(draft));
      },
      [DRAFT_KEY, randomUUID()],
    );
    await page.reload();
    await stepHeading(page, 3, 'Dokumen').waitFor();
    await page.getByText('Dokumen KTP tidak ditemukan atau sudah kedaluwarsa. Silakan upload ulang.').waitFor();
    expect(await page.getByTestId('upload-KTP').count()).toBe(0);
    await page.getByTestId('upload-Selfie KTP').getByText('Terunggah 100%').waitFor();
    await next(page);
    await expectToast(page, 'Harap upload semua dokumen yang wajib');
    await uploadFile(page, 'KTP', await jpegFile('ktp-baru.jpg'));
    expect(await page.getByText('Dokumen KTP tidak ditemukan atau sudah kedaluwarsa. Silakan upload ulang.').count()).toBe(0);
    await goForwardTo(page, 4);
  });

  it('Mulai dari awal clears the draft after a confirmation', async ({ page }) => {
    await page.goto('/register');
    await fillStoreText(page);
    await uploadFile(page, 'Foto Usaha', await jpegFile('usaha.jpg'));
    await page.reload();
    await expectToast(page, 'Draf pendaftaran dipulihkan');
    expect(await page.getByLabel('Nama Toko').inputValue()).toBe(STORE.nama_toko);

    await page.getByRole('button', { name: 'Mulai dari awal' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Mulai dari awal?' });
    await dialog.getByRole('button', { name: 'Batal' }).click();
    expect(await page.getByLabel('Nama Toko').inputValue()).toBe(STORE.nama_toko);

    await page.getByRole('button', { name: 'Mulai dari awal' }).click();
    await dialog.getByRole('button', { name: 'Ya, mulai dari awal' }).click();
    await expect.poll(() => page.getByLabel('Nama Toko').inputValue()).toBe('');
    expect(await page.getByTestId('upload-Foto Usaha').count()).toBe(0);
    await page.reload();
    await stepHeading(page, 1, 'Data Toko').waitFor();
    expect(await page.getByLabel('Nama Toko').inputValue()).toBe('');
    expect(await toast(page, 'Draf pendaftaran dipulihkan').count()).toBe(0);
  });

  it('finishes an upload cut by a dropped connection once it is back, and the registration completes without choosing the file again', async ({
    page,
  }) => {
    await page.goto('/register');
    await fillStoreText(page);
    let cut = false;
    await page.route('**/api/uploads', async (route) => {
      if (!cut) {
        // The connection drops while the first upload is on its way.
        cut = true;
        await page.context().setOffline(true);
        await route.abort('internetdisconnected');
        return;
      }
      await route.continue();
    });
    await fileInput(page, 'Foto Usaha').setInputFiles(await jpegFile('usaha.jpg', 640, 480));
    await page.getByTestId('upload-Foto Usaha').getByText('Menunggu koneksi...').first().waitFor();
    await page.context().setOffline(false);
    await page.getByTestId('upload-Foto Usaha').getByText('Terunggah 100%').first().waitFor();
    await uploadFile(page, 'Foto Produk', await jpegFile('produk.jpg'));
    await goForwardTo(page, 2);
    await fillOwnerStep(page);
    await uploadFiles(page, await requiredDocuments());
    await goForwardTo(page, 4);
    await fillBank(page);
    await goForwardTo(page, 5);
    await consentAndSubmit(page);
  });
});
