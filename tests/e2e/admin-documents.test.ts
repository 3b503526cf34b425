import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages.js';
import { PDF_PREVIEW_MESSAGES } from '../../src/domain/pdf-preview-messages.js';
import {
  makeJpeg,
  makeNoisePng,
  naturalWidth,
  openDocumentsTab,
  registerInOwnContext,
  slotCard,
  type Registered,
} from './support/admin-documents-setup.js';
import { signedInPage, startMerchantsServer, toastWith } from './support/admin-merchants-setup.js';
import { closeSuite, launchBrowser, throttleUploads } from './support/browser.js';
import type { RunningServer } from './support/server-process.js';

let server: RunningServer;
let browser: Browser;
let merchant: Registered;
const contexts: BrowserContext[] = [];

const adminPage = () => signedInPage(browser, server.baseUrl, contexts);

/** Records every value the upload progress bars take, from the first to the last, in the page. */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    const note = (element: Element) => {
      const value = element.getAttribute('aria-valuenow');
      if (element.getAttribute('role') === 'progressbar' && value !== null) seen.push(Number(value));
    };
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        if (mutation.type === 'attributes') note(mutation.target as Element);
        for (const node of mutation.addedNodes) {
          if (node instanceof Element) [node, ...node.querySelectorAll('[role=progressbar]')].forEach(note);
        }
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
}

function progressSeen(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
}

async function chooseFile(page: Page, buttonName: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: buttonName, exact: true }).click(),
  ]);
  await chooser.setFiles(file);
}

/** The RGBA of a canvas's centre pixel. */
function centrePixel(canvas: Locator): Promise<number[]> {
  return canvas.evaluate((element: HTMLCanvasElement) => {
    const data = element.getContext('2d')?.getImageData(Math.floor(element.width / 2), Math.floor(element.height / 2), 1, 1).data;
    return data ? [...data] : [];
  });
}

/** A PDF of one 200 x 200 pt page per colour, each page filled with its colour (RGB from 0 to 1). */
function makeFilledPdf(colours: [number, number, number][]): Buffer {
  const pageIds = colours.map((_, i) => 3 + i * 2);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${colours.length} >>`,
  ];
  for (const [i, [r, g, b]] of colours.entries()) {
    const content = `${r} ${g} ${b} rg 0 0 200 200 re f`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents ${pageIds[i]! + 1} 0 R >>`);
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startMerchantsServer(), launchBrowser()]);
  merchant = await registerInOwnContext(browser, server.baseUrl, { withPdf: true });
});

afterAll(() => closeSuite({ contexts, browser, servers: [server] }));

describe('Dokumen tab', () => {
  it('lists the seven slots; empty ones say Belum diunggah and offer an upload', async () => {
    const page = await adminPage();
    await openDocumentsTab(page, merchant.id);
    for (const label of ['KTP', 'Selfie KTP', 'Kartu Keluarga', 'Foto Usaha', 'Foto Produk', 'NPWP', 'SIUP/NIB']) {
      await slotCard(page, label).waitFor();
    }
    const siup = slotCard(page, 'SIUP/NIB');
    expect(await siup.getByText(MESSAGES.documentMissing, { exact: true }).count()).toBe(1);
    await siup.getByRole('button', { name: 'Unggah SIUP/NIB', exact: true }).waitFor();
    expect(await siup.getByRole('button', { name: 'Lihat SIUP/NIB' }).count()).toBe(0);
    // The file inputs are named by slot and take photos only.
    const input = page.locator('input[type=file][name=siup_nib_file]');
    expect(await input.getAttribute('accept')).toBe('image/jpeg,image/png');
  });

  it('previews an image in the dialog', async () => {
    const page = await adminPage();
    await openDocumentsTab(page, merchant.id);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="Pratinjau KTP"]');
      return img?.complete && img.naturalWidth > 0;
    });
    await page.getByRole('button', { name: 'Lihat KTP', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Pratinjau KTP' });
    await dialog.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[role=dialog] img[alt="Dokumen KTP"]');
      return img?.complete && img.naturalWidth === 64;
    });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus returns to the button that opened the dialog (Radix does it a tick after the dialog is gone).
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Lihat KTP', undefined, { timeout: 5_000 });
  });

  it('draws a PDF with pdf.js on a canvas, never in a frame, from bytes served as an attachment', async () => {
    const page = await adminPage();
    const answers: Promise<Record<string, string>>[] = [];
    const pdfjsLoads: string[] = [];
    const workers: string[] = [];
    const cspViolations: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/documents/npwp_file')) answers.push(response.allHeaders());
    });
    page.on('request', (request) => {
      // pdf.js itself: its library chunk and its worker (the preview component's own small chunk is not it).
      if (/\/assets\/pdf(-document-|\.worker)/.test(request.url())) pdfjsLoads.push(request.url());
    });
    page.on('worker', (worker) => workers.push(worker.url()));
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
    });
    await openDocumentsTab(page, merchant.id);
    await slotCard(page, 'NPWP').getByRole('img', { name: 'NPWP (PDF)' }).waitFor();
    // pdf.js is fetched when a PDF preview opens, not with the Dokumen tab.
    expect(pdfjsLoads).toEqual([]);
    await page.getByRole('button', { name: 'Lihat NPWP', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Pratinjau NPWP' });
    const canvas = dialog.getByRole('img', { name: 'Dokumen NPWP (PDF), halaman 1 dari 1', exact: true });
    await canvas.waitFor();
    expect(await canvas.evaluate((element) => element.tagName)).toBe('CANVAS');
    // Drawn: pdf.js paints the blank page opaque white; an untouched canvas is transparent.
    await expect.poll(() => centrePixel(canvas), { timeout: 10_000 }).toEqual([255, 255, 255, 255]);
    expect(await dialog.locator('iframe, embed, object').count()).toBe(0);
    expect(page.frames()).toHaveLength(1);
    expect(workers.some((url) => /\/assets\/pdf\.worker\.min-[\w-]+\.mjs$/.test(url))).toBe(true);
    expect(pdfjsLoads.length).toBeGreaterThan(0);
    expect(cspViolations).toEqual([]);
    // The bytes were fetched once, for the thumbnail, as an attachment; pdf.js read that copy.
    const headers = await Promise.all(answers);
    expect(headers).toHaveLength(1);
    for (const answer of headers) {
      expect(answer['content-type']).toBe('application/pdf');
      expect(answer['content-disposition']).toMatch(/^attachment;/);
    }
  });

  it('draws every page of a longer PDF, each labelled with its number', async () => {
    const twoPages = await registerInOwnContext(browser, server.baseUrl, {
      withPdf: makeFilledPdf([
        [0, 0.4, 0.8],
        [0.8, 0, 0],
      ]),
    });
    const page = await adminPage();
    await openDocumentsTab(page, twoPages.id);
    await page.getByRole('button', { name: 'Lihat NPWP', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Pratinjau NPWP' });
    const first = dialog.getByRole('img', { name: 'Dokumen NPWP (PDF), halaman 1 dari 2', exact: true });
    const second = dialog.getByRole('img', { name: 'Dokumen NPWP (PDF), halaman 2 dari 2', exact: true });
    await expect.poll(() => centrePixel(first), { timeout: 10_000 }).toEqual([0, 102, 204, 255]);
    await expect.poll(() => centrePixel(second), { timeout: 10_000 }).toEqual([204, 0, 0, 255]);
    expect(await dialog.locator('canvas').count()).toBe(2);
  });

  it('says in Indonesian when a PDF cannot be read', async () => {
    const broken = await registerInOwnContext(browser, server.baseUrl, { withPdf: Buffer.from('%PDF-1.4\nbukan isi PDF yang sah\n') });
    const page = await adminPage();
    await openDocumentsTab(page, broken.id);
    await page.getByRole('button', { name: 'Lihat NPWP', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Pratinjau NPWP' });
    await dialog.getByRole('alert').filter({ hasText: PDF_PREVIEW_MESSAGES.unreadable }).waitFor();
    expect(await dialog.locator('canvas, iframe, embed, object').count()).toBe(0);
  });

  it('downloads a document under the server name {kode}-ktp.jpg', async () => {
    const page = await adminPage();
    await openDocumentsTab(page, merchant.id);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Unduh KTP', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${merchant.kode_pendaftaran}-ktp.jpg`);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    await toastWith(page, MESSAGES.downloadStarted).waitFor();
  });

  it('refuses a wrong type or a file over 3 MB before sending it', async () => {
    const page = await adminPage();
    await openDocumentsTab(page, merchant.id);
    let uploads = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/documents/')) uploads += 1;
    });
    await chooseFile(page, 'Unggah ulang KTP', { name: 'ktp.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await toastWith(page, MESSAGES.fileTypeAdmin).waitFor();
    await chooseFile(page, 'Unggah ulang KTP', { name: 'ktp.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(3 * 1024 * 1024 + 1) });
    await toastWith(page, MESSAGES.fileTooLarge).waitFor();
    expect(uploads).toBe(0);
  });

  it('re-uploads with the real progress reaching 100, then shows the new image', async () => {
    const page = await adminPage();
    await openDocumentsTab(page, merchant.id);
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('img[alt="Pratinjau KTP"]')?.naturalWidth === 64);
    // A slow uplink, so the bar passes through values between 0 and 100 as the bytes go out.
    const unthrottle = await throttleUploads(page);
    const png = await makeNoisePng(720, 540);
    expect(png.length).toBeGreaterThan(1024 * 1024);
    expect(png.length).toBeLessThan(3 * 1024 * 1024);
    await recordProgress(page);
    await chooseFile(page, 'Unggah ulang KTP', { name: 'ktp-baru.png', mimeType: 'image/png', buffer: png });
    await slotCard(page, 'KTP').getByRole('progressbar', { name: 'Progres unggah KTP' }).waitFor();
    await toastWith(page, MESSAGES.documentReuploaded('KTP')).waitFor({ timeout: 30_000 });
    await unthrottle();

    const seen = await progressSeen(page);
    expect(seen.at(-1)).toBe(100);
    expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
    // Never backwards.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    // docs/spec.md §4: the bar goes half a second after the end.
    await slotCard(page, 'KTP').getByRole('progressbar').waitFor({ state: 'detached', timeout: 3_000 });
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('img[alt="Pratinjau KTP"]')?.naturalWidth === 720);
    expect(await naturalWidth(page, 'Pratinjau KTP')).toBe(720);
  });

  it('uploads into an empty slot, which then offers view and download', async () => {
    const page = await adminPage();
    await openDocumentsTab(page, merchant.id);
    await chooseFile(page, 'Unggah SIUP/NIB', { name: 'siup.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(90, 60, '#c0392b') });
    await toastWith(page, MESSAGES.documentReuploaded('SIUP/NIB')).waitFor();
    await page.getByRole('button', { name: 'Lihat SIUP/NIB', exact: true }).waitFor();
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('img[alt="Pratinjau SIUP/NIB"]')?.naturalWidth === 90);
    expect(await slotCard(page, 'SIUP/NIB').getByText(MESSAGES.documentMissing).count()).toBe(0);
  });
});
