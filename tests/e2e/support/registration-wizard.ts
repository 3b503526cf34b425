import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { FIX_FIELD_LABELS, type FixField } from '../../../src/domain/perbaikan-texts.js';
import { APPLICANT, makePdf } from '../../support/registration-fixtures.js';

export type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/** A real JPEG, made here so the server's byte sniffing and re-encoding see a genuine image. */
export async function jpegFile(name: string, width = 64, height = 48): Promise<FilePayload> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: '#2e86c1' } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/**
 * A PNG of random pixels: noise does not compress, so `side` sets the size. A file of a few hundred
 * kilobytes is large enough for the upload to be watched under throttling.
 */
export async function pngFile(name: string, side = 32): Promise<FilePayload> {
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = Math.floor(Math.random() * 256);
  const buffer = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
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
  await uploadDone(page, label);
}

/** Waits until the upload of the file chosen for `label` has finished (its progress bar at 100). */
export async function uploadDone(page: Page, label: string): Promise<void> {
  await page.waitForFunction(
    (name) => document.querySelector(`[role="progressbar"][aria-label="Progres unggah ${name}"]`)?.getAttribute('aria-valuenow') === '100',
    label,
  );
}

/** The shared applicant's values of these fields, as text to type. */
function typed<K extends FixField & keyof typeof APPLICANT>(fields: K[]): Record<K, string> {
  return Object.fromEntries(fields.map((field) => [field, String(APPLICANT[field])])) as Record<K, string>;
}

// The shared applicant (tests/support), with a shop name of the wizard's own, a NIK typed in groups and a
// phone and e-mail as LOOKUP_APPLICANT stores them.
export const STORE = {
  nama_toko: 'Toko Kerajinan Nusantara',
  ...typed(['kategori_usaha', 'alamat_jalan', 'kecamatan', 'kota_kab', 'provinsi', 'kode_pos', 'omset_per_bulan']),
};

/** A category of the applicant's own, typed after choosing Lainnya. */
export const OWN_CATEGORY = 'Kerajinan Tangan';

export const OWNER = {
  ...typed(['nama_pemilik', 'alamat_pemilik']),
  nik: '3174 0155 0390 0001',
  no_hp: '0813-5555-2468',
  email: 'Siti.Rahayu@Example.COM',
};

export const BANK = typed(['nama_bank', 'no_rekening', 'nama_rekening']);

const SELECTS: ReadonlySet<FixField> = new Set(['kategori_usaha', 'nama_bank']);

/** Types, or chooses, each value in the control labelled as the wizard labels that field. */
export async function fillFields(page: Page, values: Partial<Record<FixField, string>>): Promise<void> {
  for (const [field, value] of Object.entries(values) as [FixField, string][]) {
    const control = page.getByLabel(FIX_FIELD_LABELS[field]);
    if (SELECTS.has(field)) await control.selectOption(value);
    else await control.fill(value);
  }
}

export const fillStoreText = (page: Page) => fillFields(page, STORE);
export const fillOwner = (page: Page) => fillFields(page, OWNER);
export const fillBank = (page: Page) => fillFields(page, BANK);

export function stepHeading(page: Page, number: number, title: string) {
  return page.getByRole('heading', { level: 2, name: `Langkah ${number} dari 5: ${title}` });
}

export async function next(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Selanjutnya' }).click();
}

const STEP_TITLES = ['Data Toko', 'Data Pemilik', 'Dokumen', 'Rekening Bank', 'Konfirmasi'] as const;

/** Selanjutnya, then waits for step `step` (1 to 5) to be on screen. */
export async function goForwardTo(page: Page, step: number): Promise<void> {
  await next(page);
  await stepHeading(page, step, STEP_TITLES[step - 1]!).waitFor();
}

/** Chooses each file for the field with its label, one after the other, each to 100 %. */
export async function uploadFiles(page: Page, files: Record<string, FilePayload>): Promise<void> {
  for (const [label, file] of Object.entries(files)) await uploadFile(page, label, file);
}

/** Step 1 on the open wizard: valid text and the two photos (small JPEGs unless given), then on to step 2. */
export async function fillStoreStep(page: Page, photos: { usaha?: FilePayload; produk?: FilePayload } = {}): Promise<void> {
  await fillStoreText(page);
  await uploadFiles(page, {
    'Foto Usaha': photos.usaha ?? (await jpegFile('usaha.jpg')),
    'Foto Produk': photos.produk ?? (await jpegFile('produk.jpg')),
  });
  await goForwardTo(page, 2);
}

/** Step 2: the applicant's data, then on to step 3. */
export async function fillOwnerStep(page: Page): Promise<void> {
  await fillOwner(page);
  await goForwardTo(page, 3);
}

/** The three required identity documents as small JPEGs; a test adds or replaces some. */
export async function requiredDocuments(): Promise<Record<string, FilePayload>> {
  return { KTP: await jpegFile('ktp.jpg'), 'Selfie KTP': await jpegFile('selfie.jpg'), 'Kartu Keluarga': await jpegFile('kk.jpg') };
}

/** Opens the wizard, fills step 1 with valid data and two small JPEGs, and stops on step 2. */
export async function completeStoreStep(page: Page): Promise<void> {
  await page.goto('/register');
  await fillStoreStep(page);
}

/** Fills steps 1 to 4 with valid data and small JPEGs and stops on the Konfirmasi step. */
export async function completeToReview(page: Page): Promise<void> {
  await completeStoreStep(page);
  await fillOwnerStep(page);
  await uploadFiles(page, await requiredDocuments());
  await goForwardTo(page, 4);
  await fillBank(page);
  await goForwardTo(page, 5);
}
