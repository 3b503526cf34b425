import type { Browser, BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../budgets/support/axe.js';
import { seeded } from '../support/check-photos.js';
import { drawKtpCard, randomKtpPerson } from '../support/ktp-card.js';
import { APPLICANT, registerOverHttp } from '../support/registration-fixtures.js';
import { merchantIdByCode, signedInContext, startMerchantsServer } from './support/admin-merchants-setup.js';
import { closeSuite, launchBrowser } from './support/browser.js';
import type { RunningServer } from './support/server-process.js';

/**
 * The machine checks on the review screen: a registration whose KTP photo holds the typed NIK shows the
 * KTP chip 'Pembacaan KTP: Lulus' beside the document once its job has run (the screen hears of it live),
 * with the detail on keyboard focus.
 */
describe('machine checks on the review screen', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startMerchantsServer({ CHECKS_WORKER: 'on' }), launchBrowser()]);
  });
  afterAll(async () => {
    await closeSuite({ contexts, browser, servers: [server] });
  });

  it('shows the KTP chip, green with its detail on focus', async () => {
    const person = {
      ...randomKtpPerson(seeded(5)),
      nik: APPLICANT.nik,
      nama: APPLICANT.nama_pemilik.toUpperCase(),
      tanggal_lahir: '1990-03-15',
      jenis_kelamin: 'PEREMPUAN' as const,
    };
    const card = await sharp(await drawKtpCard(person))
      .jpeg({ quality: 90 })
      .toBuffer();
    const registration = await registerOverHttp(server.baseUrl, { jpeg: card });
    const context = await signedInContext(browser, server.baseUrl);
    contexts.push(context);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 1000 });
    const id = await merchantIdByCode(context.request, registration.kode_pendaftaran);
    await page.goto(`/admin/merchants/${id}/review`);

    const panel = page.getByRole('region', { name: 'Pemeriksaan Otomatis' });
    await panel.waitFor();
    // The KTP is the first document on the screen; its reading arrives when the background job ends.
    const chip = panel.getByRole('button', { name: 'Pembacaan KTP: Lulus' });
    await chip.waitFor({ timeout: 90_000 });
    expect(await chip.getAttribute('data-result')).toBe('lulus');
    await chip.focus();
    const tip = page.getByRole('tooltip', { name: 'NIK pada foto KTP cocok dengan NIK yang diisi' });
    await tip.waitFor();
    expect(await tip.isVisible()).toBe(true);
    await expect.poll(() => panel.getByRole('button', { name: 'Nama rekening: Lulus' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  }, 150_000);
});
