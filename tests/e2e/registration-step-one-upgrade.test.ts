import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { chunksHolding } from '../budgets/support/chunks.js';
import { it } from './support/browser.js';
import { byLabel, expectToast, next, stepHeading } from './support/registration-wizard.js';

/**
 * Decision 0047: /register paints step 1 without react-hook-form and swaps in the bound form once the
 * first focus, touch or key has loaded it, with what was typed, the focus and the caret kept.
 */

const formChunks = () => chunksHolding(/node_modules[\\/]react-hook-form[\\/]/);
const isFormChunk = (url: string, chunks: Set<string>) => chunks.has(path.basename(new URL(url).pathname));

/** Holds react-hook-form's chunk back until the returned call, so the test decides when the swap can come. */
async function holdFormChunk(page: Page, chunks: Set<string>): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => isFormChunk(url.href, chunks),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

describe('registration step 1 before and after react-hook-form (decision 0047)', () => {
  it('loads react-hook-form only on the first interaction, keeps every character, the focus and the caret across the swap, then checks the step as before', async ({
    page,
  }) => {
    const chunks = formChunks();
    expect(chunks.size).toBeGreaterThan(0);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/register');
    const name = byLabel(page, 'Nama Toko');
    await name.waitFor();
    await page.waitForLoadState('networkidle');
    expect(requested.some((url) => url.endsWith('.js'))).toBe(true);
    expect(requested.filter((url) => isFormChunk(url, chunks))).toEqual([]);

    const release = await holdFormChunk(page, chunks);
    const preview = await name.elementHandle();
    const formRequested = page.waitForRequest((request) => isFormChunk(request.url(), chunks));
    await name.click();
    await formRequested;
    // Typed on the preview while the chunk is held, the caret then moved back after 'Toko '.
    await page.keyboard.type('Toko Nusantara');
    for (let i = 0; i < 'Nusantara'.length; i += 1) await page.keyboard.press('ArrowLeft');
    release();
    // Typing goes on at once: the swap lands before or between these keys.
    await page.keyboard.type('Kerajinan ', { delay: 15 });
    await expect.poll(() => preview?.evaluate((element) => element.isConnected)).toBe(false);

    expect(await name.inputValue()).toBe('Toko Kerajinan Nusantara');
    expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('!');
    expect(await name.inputValue()).toBe('Toko Kerajinan !Nusantara');

    // The bound form checks the step as before the change: the docs/spec.md §5 toast and the inline texts.
    await next(page);
    await expectToast(page, 'Harap lengkapi semua field yang wajib diisi');
    await page.getByText('Wajib diisi').first().waitFor();
    await stepHeading(page, 1, 'Data Toko').waitFor();
  });

  it('runs Next pressed on the preview once the bound form is there, says so when it cannot load, and keeps the preview in the draft', async ({
    page,
  }) => {
    const chunks = formChunks();
    await page.goto('/register');
    await byLabel(page, 'Nama Toko').waitFor();
    const release = await holdFormChunk(page, chunks);
    await byLabel(page, 'Kecamatan').fill('Gambir');
    await next(page);
    release();
    await expectToast(page, 'Harap lengkapi semua field yang wajib diisi');
    expect(await byLabel(page, 'Kecamatan').inputValue()).toBe('Gambir');

    // Offline before the chunk came: the step stays, with the message of a check that cannot load.
    const offline = await page.context().newPage();
    await offline.route(
      (url) => isFormChunk(url.href, chunks),
      (route) => route.abort('internetdisconnected'),
    );
    await offline.goto('/register');
    await byLabel(offline, 'Nama Toko').fill('Toko Sumber Rejeki');
    await next(offline);
    await expectToast(offline, 'Layanan sedang tidak tersedia. Silakan coba lagi.');
    await stepHeading(offline, 1, 'Data Toko').waitFor();
    expect(await byLabel(offline, 'Nama Toko').inputValue()).toBe('Toko Sumber Rejeki');
    // What the preview held went to the draft as it was typed: a reload brings it back.
    await byLabel(offline, 'Omset per Bulan').fill('1500000');
    expect(await byLabel(offline, 'Omset per Bulan').inputValue()).toMatch(/^Rp\s1\.500\.000$/);
    await offline.reload();
    await expectToast(offline, 'Draf pendaftaran dipulihkan');
    expect(await byLabel(offline, 'Nama Toko').inputValue()).toBe('Toko Sumber Rejeki');
    expect(await byLabel(offline, 'Omset per Bulan').inputValue()).toMatch(/^Rp\s1\.500\.000$/);
  });
});
