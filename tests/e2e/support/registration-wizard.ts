import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { makePdf } from '../../support/registration-fixtures.js';

export type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/** A real JPEG, made here so the server's byte sniffing and re-encoding see a genuine image. */
export async function jpegFile(name: string, width = 64, height = 48): Promise<FilePayload> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: '#2e86c1' } }).jpeg().toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/**
 * A PNG of random pixels: noise does not compress, so `side` sets the size. A file of a few hundred
 * kilobytes is large enough for the upload to be watched under throttling.
 */
export async function pngFile(name: string, side = 32): Promise<FilePayload> {
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = Math.floor(Math.random() * 256);
  const buffer = await sharp(raw, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** The smallest well-formed PDF: one empty page. */
export function pdfFile(name: string): FilePayload {
  return { name, mimeType: 'application/pdf', buffer: makePdf() };
}

/** The toast with this text (sonner renders toasts outside the page's main landmark). */
export function toast(page: Page, text: string) {
  // A closing toast keeps its node for its exit animation, marked data-removed.
  return page.locator('[data-sonner-toast]:not([data-removed="true"])', { hasText: text });
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await toast(page, text).first().waitFor();
}

/**
 * The control with exactly this label. A required field's label ends in a `*` marker that screen readers
 * skip (aria-hidden) but label matching sees; `KTP` must not also find `Selfie KTP`.
 */
export function byLabel(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}\\*?$`));
}

/** The file input of an upload field, found by its label as a person would. */
export function fileInput(page: Page, label: string) {
  return byLabel(page, label);
}

export function progressOf(page: Page, label: string) {
  return page.getByRole('progressbar', { name: `Progres unggah ${label}` });
}

/** Chooses a file and waits until the field's progress bar reads 100. */
export async function uploadFile(page: Page, label: string, file: FilePayload): Promise<void> {
  await fileInput(page, label).setInputFiles(file);
  await page.waitForFunction(
    (name) => document.querySelector(`[role="progressbar"][aria-label="Progres unggah ${name}"]`)?.getAttribute('aria-valuenow') === '100',
    label,
  );
}

export const STORE = {
  nama_toko: 'Toko Kerajinan Nusantara',
  kategori_lain: 'Kerajinan Tangan',
  alamat_jalan: 'Jl. Melati No. 12, RT 03/RW 05',
  kecamatan: 'Tebet',
  kota_kab: 'Jakarta Selatan',
  provinsi: 'DKI Jakarta',
  kode_pos: '12810',
  omset: '15000000',
};

export const OWNER = {
  nama_pemilik: 'Siti Rahayu',
  // Born 15 March 1990, a woman (day + 40), serial 0001.
  nik: '3174 0155 0390 0001',
  no_hp: '0813-5555-2468',
  email: 'Siti.Rahayu@Example.COM',
  alamat_pemilik: 'Jl. Kenanga No. 4, Tebet, Jakarta Selatan',
};

export const BANK = { nama_bank: 'BCA', no_rekening: '1234567890', nama_rekening: 'Siti Rahayu' };

export async function fillStoreText(page: Page): Promise<void> {
  await page.getByLabel('Nama Toko').fill(STORE.nama_toko);
  await page.getByLabel('Kategori Usaha').selectOption('Sembako');
  await page.getByLabel('Alamat Lengkap').fill(STORE.alamat_jalan);
  await page.getByLabel('Kecamatan').fill(STORE.kecamatan);
  await page.getByLabel('Kota/Kabupaten').fill(STORE.kota_kab);
  await page.getByLabel('Provinsi').fill(STORE.provinsi);
  await page.getByLabel('Kode Pos').fill(STORE.kode_pos);
  await page.getByLabel('Omset per Bulan').fill(STORE.omset);
}

export async function fillOwner(page: Page): Promise<void> {
  await page.getByLabel('Nama Lengkap Pemilik').fill(OWNER.nama_pemilik);
  await page.getByLabel('NIK').fill(OWNER.nik);
  await page.getByLabel('Nomor HP').fill(OWNER.no_hp);
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Alamat Pemilik').fill(OWNER.alamat_pemilik);
}

export async function fillBank(page: Page): Promise<void> {
  await page.getByLabel('Nama Bank').selectOption(BANK.nama_bank);
  await page.getByLabel('Nomor Rekening').fill(BANK.no_rekening);
  await page.getByLabel('Nama Pemilik Rekening').fill(BANK.nama_rekening);
}

export function stepHeading(page: Page, number: number, title: string) {
  return page.getByRole('heading', { level: 2, name: `Langkah ${number} dari 5: ${title}` });
}

export async function next(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Selanjutnya' }).click();
}

/** Opens the wizard, fills step 1 with valid data and two small JPEGs, and stops on step 2. */
export async function completeStoreStep(page: Page): Promise<void> {
  await page.goto('/register');
  await fillStoreText(page);
  await uploadFile(page, 'Foto Usaha', await jpegFile('usaha.jpg'));
  await uploadFile(page, 'Foto Produk', await jpegFile('produk.jpg'));
  await next(page);
  await stepHeading(page, 2, 'Data Pemilik').waitFor();
}

/** Fills steps 1 to 4 with valid data and small JPEGs and stops on the Konfirmasi step. */
export async function completeToReview(page: Page): Promise<void> {
  await completeStoreStep(page);
  await fillOwner(page);
  await next(page);
  await stepHeading(page, 3, 'Dokumen').waitFor();
  await uploadFile(page, 'KTP', await jpegFile('ktp.jpg'));
  await uploadFile(page, 'Selfie KTP', await jpegFile('selfie.jpg'));
  await uploadFile(page, 'Kartu Keluarga', await jpegFile('kk.jpg'));
  await next(page);
  await stepHeading(page, 4, 'Rekening Bank').waitFor();
  await fillBank(page);
  await next(page);
  await stepHeading(page, 5, 'Konfirmasi').waitFor();
}
