import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages.js';
import { makeJpeg, makeNoisePng, naturalWidth, openDocumentsTab, registerInOwnContext, slotCard, type Registered } from './support/admin-documents-setup.js';
import { signedInContext, startMerchantsServer, toastWith } from './support/admin-merchants-setup.js';
import { launchBrowser } from './support/browser.js';
import type { RunningServer } from './support/server-process.js';

let server: RunningServer;
let browser: Browser;
let merchant: Registered;
const contexts: BrowserContext[] = [];

async function adminPage(): Promise<Page> {
  const context = await signedInContext(browser, server.baseUrl);
  contexts.push(context);
  return context.newPage();
}

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
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: buttonName, exact: true }).click()]);
  await chooser.setFiles(file);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startMerchantsServer(), launchBrowser()]);
  merchant = await registerInOwnContext(browser, server.baseUrl, { withPdf: true });
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

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

  it('previews a PDF drawn by pdf.js on a canvas; the bytes come as an attachment, never to the browser viewer', async () => {
    const page = await adminPage();
    const dispositions: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/documents/npwp_file')) dispositions.push(response.headers()['content-disposition'] ?? '');
    });
    await openDocumentsTab(page, merchant.id);
    await slotCard(page, 'NPWP').getByRole('img', { name: 'NPWP (PDF)' }).waitFor();
    await page.getByRole('button', { name: 'Lihat NPWP', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Pratinjau NPWP' });
    const canvas = dialog.getByRole('img', { name: /^Dokumen NPWP \(PDF\), halaman 1 dari \d+$/ });
    await canvas.waitFor();
    expect(await canvas.evaluate((node) => node.tagName)).toBe('CANVAS');
    // The test PDF's page is 200 x 200 points, drawn at 1.5x: pdf.js read it, nothing else drew it.
    expect(await canvas.evaluate((node) => [(node as HTMLCanvasElement).width, (node as HTMLCanvasElement).height])).toEqual([300, 300]);
    expect(await dialog.locator('iframe, embed, object').count()).toBe(0);
    expect(page.frames().some((f) => f.url().startsWith('chrome-extension://'))).toBe(false);
    expect(dispositions.length).toBeGreaterThan(0);
    for (const value of dispositions) expect(value).toMatch(/^attachment;/);
  });

  it('downloads a document under the server name {kode}-ktp.jpg', async () => {
    const page = await adminPage();
    await openDocumentsTab(page, merchant.id);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Unduh KTP', exact: true }).click()]);
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
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
    const png = await makeNoisePng(720, 540);
    expect(png.length).toBeGreaterThan(1024 * 1024);
    expect(png.length).toBeLessThan(3 * 1024 * 1024);
    await recordProgress(page);
    await chooseFile(page, 'Unggah ulang KTP', { name: 'ktp-baru.png', mimeType: 'image/png', buffer: png });
    await slotCard(page, 'KTP').getByRole('progressbar', { name: 'Progres unggah KTP' }).waitFor();
    await toastWith(page, MESSAGES.documentReuploaded('KTP')).waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    const seen = await progressSeen(page);
    expect(seen.at(-1)).toBe(100);
    expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
    // Never backwards.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    // SPEC §4: the bar goes half a second after the end.
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
