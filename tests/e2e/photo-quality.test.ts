import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_PROBLEM_TEXTS, PHOTO_QUALITY_TEXTS } from '../../src/domain/photo-quality-texts.js';
import { seriousViolations } from '../budgets/support/axe.js';
import { blurredPhoto, exposedPhoto, scenePhoto, type Scene } from '../support/photo-fixtures.js';
import { openDocumentsTab, slotCard } from './support/admin-documents-setup.js';
import { merchantIdByCode, signedInContext, startMerchantsServer } from './support/admin-merchants-setup.js';
import { closeSuite, launchBrowser } from './support/browser.js';
import {
  fillBank,
  fillOwnerStep,
  fillStoreText,
  goForwardTo,
  uploadDone,
  uploadFile,
  uploadFiles,
  type FilePayload,
} from './support/registration-wizard.js';
import type { RunningServer } from './support/server-process.js';

/**
 * Decision 0035 in the browser: the server's quality warning under a slot at once, 'Tetap Gunakan' keeps
 * the photo, 'Ganti Foto' opens the chooser again, and the reviewer sees the warning that was kept.
 */
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

const photo = async (scene: Scene, name: string, change?: (jpeg: Buffer) => Promise<Buffer>): Promise<FilePayload> => {
  const sharp = await scenePhoto({ scene, width: 1200, height: 900, seed: name.length });
  return { name, mimeType: 'image/jpeg', buffer: change ? await change(sharp) : sharp };
};

const warningOf = (page: Page, label: string) => page.getByRole('group', { name: `Peringatan foto ${label}` });
const KEPT_KTP = 'Pendaftar tetap menggunakan foto ini: Foto tampak buram.';

beforeAll(async () => {
  [server, browser] = await Promise.all([startMerchantsServer(), launchBrowser()]);
});

afterAll(() => closeSuite({ contexts, browser, servers: [server] }));

describe('photo quality warnings', () => {
  let code: string;

  it('warns under a blurred KTP at once; Tetap Gunakan keeps it, Ganti Foto chooses again, and the registration goes through', async () => {
    const context = await browser.newContext({ baseURL: server.baseUrl, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/register');
    await fillStoreText(page);
    await uploadFiles(page, { 'Foto Usaha': await photo('usaha', 'usaha.jpg'), 'Foto Produk': await photo('produk', 'produk.jpg') });
    // Sharp, well lit photos of 1200 x 900: no warning.
    expect(await warningOf(page, 'Foto Usaha').count()).toBe(0);
    expect(await warningOf(page, 'Foto Produk').count()).toBe(0);
    await goForwardTo(page, 2);
    await fillOwnerStep(page);

    await uploadFile(page, 'KTP', await photo('ktp', 'ktp.jpg', (jpeg) => blurredPhoto(jpeg, 2.5)));
    const ktp = warningOf(page, 'KTP');
    await ktp.waitFor();
    expect((await ktp.getByRole('alert').innerText()).trim()).toBe(PHOTO_PROBLEM_TEXTS.buram);
    expect(await seriousViolations(page)).toEqual([]);
    await ktp.getByRole('button', { name: PHOTO_QUALITY_TEXTS.keep }).click();
    await page.getByText(PHOTO_QUALITY_TEXTS.kept).waitFor();
    expect(await ktp.count()).toBe(0);
    // The keyboard goes on from the note that took the button's place.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(PHOTO_QUALITY_TEXTS.kept);
    expect(await page.getByRole('img', { name: 'Pratinjau KTP', exact: true }).isVisible()).toBe(true);

    // A dark family card: Ganti Foto opens the chooser, and the new, good photo clears the warning.
    await uploadFile(page, 'Kartu Keluarga', await photo('kk', 'kk-gelap.jpg', (jpeg) => exposedPhoto(jpeg, 0.3)));
    const kk = warningOf(page, 'Kartu Keluarga');
    await kk.getByRole('alert').getByText(PHOTO_PROBLEM_TEXTS.gelap).waitFor();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      kk.getByRole('button', { name: PHOTO_QUALITY_TEXTS.replace }).click(),
    ]);
    const replacement = await photo('kk', 'kk.jpg');
    await chooser.setFiles(replacement);
    await page.getByText(replacement.name, { exact: true }).waitFor();
    await uploadDone(page, 'Kartu Keluarga');
    await kk.waitFor({ state: 'detached' });

    await uploadFile(page, 'Selfie KTP', await photo('selfie', 'selfie.jpg'));
    expect(await warningOf(page, 'Selfie KTP').count()).toBe(0);
    await goForwardTo(page, 4);
    await fillBank(page);
    await goForwardTo(page, 5);
    await page.getByRole('checkbox', { name: /Saya menyetujui pemrosesan data pribadi/ }).check();
    const response = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/registrations');
    await page.getByRole('button', { name: 'Submit Pendaftaran' }).click();
    expect((await response).status()).toBe(201);
    await page.waitForURL(/\/registrasi\/success\?code=/);
    code = (await page.getByTestId('kode-pendaftaran').innerText()).trim();
  });

  it('the reviewer sees the kept warning under the KTP on the review screen and on the Dokumen tab, and only there', async () => {
    expect(code).toBeDefined();
    const context = await signedInContext(browser, server.baseUrl);
    contexts.push(context);
    const id = await merchantIdByCode(context.request, code);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`/admin/merchants/${id}/review`);
    await page.getByRole('heading', { name: 'Dokumen 1 dari 7: KTP' }).waitFor();
    await page.getByRole('note').filter({ hasText: KEPT_KTP }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The family card was replaced before submitting: nothing is said about it.
    await page.keyboard.press('3');
    await page.getByRole('heading', { name: 'Dokumen 3 dari 7: Kartu Keluarga' }).waitFor();
    expect(await page.getByText('Pendaftar tetap menggunakan foto ini').count()).toBe(0);

    await openDocumentsTab(page, id);
    await page.getByRole('note').filter({ hasText: KEPT_KTP }).waitFor();
    expect(await page.getByText('Pendaftar tetap menggunakan foto ini').count()).toBe(1);
    expect(await slotCard(page, 'KTP').isVisible()).toBe(true);
  });
});
