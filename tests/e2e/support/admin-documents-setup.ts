import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { makePdf } from '../../support/registration-fixtures.js';
import { merchantIdByCode, signedInContext } from './admin-merchants-setup.js';

export function makeJpeg(width: number, height: number, background = '#2e86c1'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** Random pixels compress badly: a PNG of about width x height x 3 bytes, for an upload slow enough to watch. */
export function makeNoisePng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export type Registered = { id: string; kode_pendaftaran: string; nama_toko: string };

type Part = { name: string; mimeType: string; buffer: Buffer };

async function upload(request: APIRequestContext, slot: string, part: Part): Promise<string> {
  const response = await request.post('/api/uploads', { multipart: { [slot]: part } });
  if (response.status() !== 201) throw new Error(`upload ${slot}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { upload_id: string }).upload_id;
}

/**
 * A registration as an applicant's browser sends it, from a context of its own with no admin session:
 * the five photos, and with `withPdf` an NPWP as PDF (these bytes, or a one-page blank PDF).
 */
export async function registerInOwnContext(
  browser: Browser,
  baseUrl: string,
  options: { nama_toko?: string; withPdf?: boolean | Buffer } = {},
): Promise<Registered> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const jpeg = await makeJpeg(64, 48);
    const parts: Record<string, Part> = Object.fromEntries(
      ['foto_usaha', 'foto_produk', 'foto_ktp', 'foto_selfie_ktp', 'foto_kk'].map((slot) => [
        slot,
        { name: `${slot}.jpg`, mimeType: 'image/jpeg', buffer: jpeg },
      ]),
    );
    if (options.withPdf)
      parts.npwp_file = { name: 'npwp.pdf', mimeType: 'application/pdf', buffer: options.withPdf === true ? makePdf() : options.withPdf };
    const slots = Object.keys(parts);
    const ids = await Promise.all(slots.map((slot) => upload(context.request, slot, parts[slot]!)));
    const suffix = randomUUID().slice(0, 8);
    const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    const nama_toko = options.nama_toko ?? `Toko Dokumen ${suffix}`;
    const response = await context.request.post('/api/registrations', {
      headers: { 'idempotency-key': randomUUID() },
      data: {
        nama_toko,
        kategori_usaha: 'Retail',
        alamat_jalan: 'Jl. Cempaka Putih No. 9, RT 02/RW 04',
        kecamatan: 'Cempaka Putih',
        kota_kab: 'Jakarta Pusat',
        provinsi: 'DKI Jakarta',
        kode_pos: '10510',
        tempat_usaha: 'Hak Milik',
        omset_per_bulan: 8_000_000,
        nama_pemilik: 'Dewi Lestari',
        nik: '3171014507900003',
        no_hp: `0812${digits}`,
        email: `dewi.${suffix}@example.com`,
        alamat_pemilik: 'Jl. Cempaka Putih No. 9, Jakarta Pusat',
        nama_bank: 'BRI',
        no_rekening: '0987654321',
        nama_rekening: 'Dewi Lestari',
        consent: true,
        documents: Object.fromEntries(slots.map((slot, i) => [slot, ids[i]])),
      },
    });
    if (response.status() !== 201) throw new Error(`registration: ${response.status()} ${await response.text()}`);
    const answer = (await response.json()) as { kode_pendaftaran: string };
    // The public answer carries no internal id: an admin finds it by the code, as a reviewer would.
    const admin = await signedInContext(browser, baseUrl);
    try {
      return { id: await merchantIdByCode(admin.request, answer.kode_pendaftaran), kode_pendaftaran: answer.kode_pendaftaran, nama_toko };
    } finally {
      await admin.close();
    }
  } finally {
    await context.close();
  }
}

/** Opens a merchant's detail screen on its Dokumen tab. */
export async function openDocumentsTab(page: Page, merchantId: string): Promise<void> {
  await page.goto(`/admin/merchants/${merchantId}`);
  await page.getByRole('tab', { name: 'Dokumen' }).click();
  await page.getByRole('group', { name: 'Dokumen KTP', exact: true }).waitFor();
}

/** The card of one slot on the Dokumen tab. */
export function slotCard(page: Page, label: string) {
  return page.getByRole('group', { name: `Dokumen ${label}`, exact: true });
}

/** Natural width of an image once it has loaded (0 while it has not). */
export function naturalWidth(page: Page, alt: string): Promise<number> {
  return page.getByAltText(alt, { exact: true }).evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
}

/** A small RFC 4180 reader: quoted fields, doubled quotes, CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
