import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshDatabase, type FreshDatabase } from '../support/fresh-database.js';
import { LOOKUP_APPLICANT, registerOverHttp, type HttpRegistration } from '../support/registration-fixtures.js';
import { closeSuite, launchBrowser } from './support/browser.js';
import { startServer, type RunningServer } from './support/server-process.js';
import { insertMerchants } from './support/status-database.js';

const STATUS_TEXTS = {
  processing: ['Sedang Diproses', 'Kami akan menghubungi Anda dalam 1-3 hari kerja.'],
  verified: ['Sudah Terverifikasi', 'Pendaftaran Anda telah disetujui. Tim kami akan segera menghubungi Anda'],
  rejected: ['Ditolak', 'pendaftaran Anda ditolak. Silakan hubungi tim kami untuk informasi lebih lanjut atau lakukan pendaftaran ulang.'],
  data_tidak_lengkap: ['Data Tidak Lengkap', 'Silakan baca catatan admin di bawah ini dan hubungi tim kami'],
} as const;

let server: RunningServer;
let database: FreshDatabase;
let browser: Browser;
let registration: HttpRegistration;
const contexts: BrowserContext[] = [];

/** A page on this file's own server, with the clipboard allowed. */
async function openPage(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  contexts.push(context);
  return context.newPage();
}

const result = (page: Page) => page.getByRole('region', { name: /.+/ }).filter({ has: page.getByTestId('status-badge') });
const timeline = (page: Page) => page.getByRole('list', { name: 'Perjalanan pendaftaran dan pesanan' });
const searchButton = (page: Page) => page.getByRole('button', { name: /^(Cek Status|Mencari\.\.\.)$/ });

beforeAll(async () => {
  database = await createFreshDatabase();
  // Its own server on PostgreSQL: rows with chosen statuses can be written next to it.
  server = await startServer({ DATABASE_URL: database.url, RATE_LIMIT_LOOKUPS_PER_MINUTE: '1000' });
  registration = await registerOverHttp(server.baseUrl, { overrides: LOOKUP_APPLICANT });
  await insertMerchants(database.url, [
    { kode_pendaftaran: 'AIP-PRC01', nama_toko: 'Toko Proses', status: 'processing', email: 'proses@contoh.id' },
    { kode_pendaftaran: 'AIP-VER01', nama_toko: 'Toko Terverifikasi', status: 'verified', email: 'verif@contoh.id' },
    { kode_pendaftaran: 'AIP-REJ01', nama_toko: 'Toko Ditolak', status: 'rejected', email: 'tolak@contoh.id' },
    {
      kode_pendaftaran: 'AIP-DTL01',
      nama_toko: 'Toko Kurang',
      status: 'data_tidak_lengkap',
      email: 'kurang@contoh.id',
      catatan_admin: 'Foto KTP buram, mohon unggah ulang.',
      kategori_usaha: '',
    },
    { kode_pendaftaran: 'AIP-DEL01', nama_toko: 'Toko Dihapus', status: 'verified', is_deleted: true },
  ]);
  browser = await launchBrowser();
});

afterAll(() => closeSuite({ contexts, browser, servers: [server], databases: [database] }));

describe('status page', () => {
  it('finds a registration made through the API from ?code=, masking personal data for a code alone', async () => {
    const page = await openPage();
    await page.goto(`/status?code=${registration.kode_pendaftaran}`);
    const card = result(page);
    await card.waitFor();
    expect(await page.title()).toBe('Cek Status Pendaftaran | AIPOS');
    expect(await page.getByRole('textbox', { name: 'Kode Pendaftaran' }).inputValue()).toBe(registration.kode_pendaftaran);
    const text = await card.innerText();
    for (const expected of [
      registration.nama_toko,
      'Sembako',
      'Jakarta Selatan',
      'Siti R.',
      's***u@example.com',
      '+62 813-****-2468',
      registration.kode_pendaftaran,
      'WIB',
      'Sedang Diproses',
      'Verifikasi data membutuhkan waktu 1-2 hari kerja.',
      'Pendaftaran rekening bank membutuhkan waktu 3-5 hari kerja.',
      'video call',
      'Simpan kode pendaftaran Anda',
      'sebagian data pribadi disamarkan',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Siti Rahayu');
    expect(text).not.toContain('3174015503900001');
    // A code alone opens no street address (UU PDP): no address row at all.
    expect(text).not.toContain('Jl. Melati');
    expect(text).not.toContain('12810');
    expect(await card.getByRole('note', { name: 'Catatan Admin' }).count()).toBe(0);
    // Nor the merchant's timeline: a code is guessable.
    expect(await timeline(page).count()).toBe(0);
  });

  it('shows full values to the browser session that made the registration', async () => {
    const page = await openPage();
    await page.addInitScript((r) => {
      window.sessionStorage.setItem('aipos.registration.submitted', 'true');
      window.sessionStorage.setItem('aipos.registration.code', r.kode_pendaftaran);
      window.sessionStorage.setItem('aipos.registration.receiptToken', r.receipt_token);
    }, registration);
    // No ?code=: the remembered code fills the input and is looked up with the receipt token.
    await page.goto('/status');
    const card = result(page);
    await card.waitFor();
    expect(await page.getByRole('textbox', { name: 'Kode Pendaftaran' }).inputValue()).toBe(registration.kode_pendaftaran);
    const text = await card.innerText();
    for (const value of [registration.nama_pemilik, registration.email, registration.no_hp]) expect(text).toContain(value);
    // The registering browser sees the address too.
    expect(text).toContain('Jl. Melati No. 12, RT 03/RW 05, Tebet, Jakarta Selatan, DKI Jakarta, 12810');
    expect(text).not.toContain('disamarkan');
    // The receipt proves the registration: its timeline shows.
    await timeline(page).waitFor();
    expect(await timeline(page).locator('[aria-current="step"]').innerText()).toMatch(/^Pendaftaran diterima\s+Saat ini/);
  });

  it('finds a code typed in lower case, with the search disabled until a code is there', async () => {
    const page = await openPage();
    await page.goto('/status');
    const input = page.getByRole('textbox', { name: 'Kode Pendaftaran' });
    expect(await input.getAttribute('placeholder')).toBe('AIP-ABC12');
    expect(await input.getAttribute('name')).toBe('kode_pendaftaran');
    expect(await searchButton(page).isDisabled()).toBe(true);
    await input.pressSequentially(registration.kode_pendaftaran.toLowerCase());
    expect(await input.inputValue()).toBe(registration.kode_pendaftaran);
    expect(await searchButton(page).isEnabled()).toBe(true);
    await searchButton(page).click();
    await result(page).waitFor();
    expect(await page.getByTestId('kode-pendaftaran').textContent()).toBe(registration.kode_pendaftaran);
  });

  it('finds by e-mail plus phone in other spellings: those two in full, the name masked, no address', async () => {
    const page = await openPage();
    await page.goto('/status');
    const byEmail = page.getByRole('button', { name: 'Email & Nomor HP' });
    await byEmail.click();
    expect(await byEmail.getAttribute('aria-pressed')).toBe('true');
    const email = page.getByRole('textbox', { name: 'Email' });
    const phone = page.getByRole('textbox', { name: 'Nomor HP' });
    expect([await email.getAttribute('name'), await phone.getAttribute('name')]).toEqual(['email', 'no_hp']);
    await email.fill('  SITI.rahayu@example.com ');
    expect(await searchButton(page).isDisabled()).toBe(true);
    await phone.fill('+62 813 5555 2468');
    await searchButton(page).click();
    const card = result(page);
    await card.waitFor();
    const text = await card.innerText();
    for (const value of [registration.kode_pendaftaran, 'Siti R.', registration.email, registration.no_hp]) {
      expect(text).toContain(value);
    }
    expect(text).not.toContain(registration.nama_pemilik);
    expect(text).not.toContain('Jl. Melati');
    // The merchant's timeline for the asker who typed both: registered, not verified yet, no order.
    await timeline(page).waitFor();
    const steps = timeline(page).getByRole('listitem');
    expect(await steps.count()).toBe(2);
    expect(await steps.nth(0).getAttribute('aria-current')).toBe('step');
    expect(await steps.nth(0).innerText()).toMatch(/^Pendaftaran diterima\s+Saat ini\s+\d{1,2} \w+ \d{4}, \d{2}\.\d{2} WIB$/);
    expect(await steps.nth(1).getAttribute('aria-current')).toBeNull();
    expect(await steps.nth(1).innerText()).toMatch(/^Diverifikasi\s+Belum$/);
    expect(await card.getByRole('heading', { name: 'Perjalanan Pendaftaran & Pesanan' }).count()).toBe(1);
  });

  it('shows the message of each of the four statuses; a code alone never opens the admin note', async () => {
    const page = await openPage();
    const cases = [
      ['AIP-PRC01', 'processing'],
      ['AIP-VER01', 'verified'],
      ['AIP-REJ01', 'rejected'],
      ['AIP-DTL01', 'data_tidak_lengkap'],
    ] as const;
    for (const [code, status] of cases) {
      await page.goto(`/status?code=${code}`);
      await result(page).waitFor();
      const [label, message] = STATUS_TEXTS[status];
      expect(await page.getByTestId('status-badge').textContent(), code).toBe(`Status: ${label}`);
      expect(await page.getByTestId('status-message').innerText(), code).toContain(message);
    }
    // The last one has a note, kept for the browser that registered; '-' for the empty category.
    expect(await page.getByRole('note', { name: 'Catatan Admin' }).count()).toBe(0);
    expect(await result(page).innerText()).not.toContain('Foto KTP buram');
    const store = page.getByRole('region', { name: 'Informasi Toko' });
    expect(await store.innerText()).toMatch(/Kategori Usaha\s*-\s/);
  });

  it('shows the not-found view and the form message for an unknown or deleted code', async () => {
    const page = await openPage();
    for (const code of ['AIP-ZZZZZ', 'AIP-DEL01']) {
      await page.goto(`/status?code=${code}`);
      await page.getByRole('heading', { name: 'Data Tidak Ditemukan' }).waitFor();
      await page.getByText('Kode pendaftaran tidak valid atau data tidak ditemukan.').waitFor();
      expect(await page.getByRole('alert').innerText()).toBe('Data tidak ditemukan. Periksa kembali informasi yang Anda masukkan.');
      expect(await page.getByTestId('status-badge').count()).toBe(0);
    }
    await page.getByRole('link', { name: 'Daftar Merchant' }).last().click();
    await page.waitForURL((url) => url.pathname === '/register');
  });

  it('reads Mencari... with a skeleton while loading, and says so when the search fails', async () => {
    const page = await openPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/status/lookup', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/status?code=AIP-VER01');
    await page.getByRole('button', { name: 'Mencari...' }).waitFor();
    expect(await page.getByRole('button', { name: 'Mencari...' }).isDisabled()).toBe(true);
    await page.getByRole('status', { name: 'Memuat status pendaftaran...' }).waitFor();
    release();
    await result(page).waitFor();
    expect(await page.getByRole('status', { name: 'Memuat status pendaftaran...' }).count()).toBe(0);

    await page.unroute('**/api/status/lookup');
    await page.route('**/api/status/lookup', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'x' } }),
      }),
    );
    await page.getByRole('textbox', { name: 'Kode Pendaftaran' }).fill('AIP-REJ01');
    await searchButton(page).click();
    // Server errors are retried (docs/spec.md §9) before the page gives up.
    await page.getByRole('alert').filter({ hasText: 'Terjadi kesalahan saat mencari data' }).waitFor({ timeout: 20_000 });
  });

  it('copies the status link with the toast Link berhasil disalin!', async () => {
    const page = await openPage();
    await page.goto('/status?code=aip-ver01');
    await result(page).waitFor();
    await page.getByRole('button', { name: 'Salin Link' }).click();
    await page.locator('[data-sonner-toast]', { hasText: 'Link berhasil disalin!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.baseUrl}/status?code=AIP-VER01`);
  });

  it('shares on WhatsApp with the code, store name, status and link', async () => {
    const page = await openPage();
    await page.goto('/status?code=AIP-REJ01');
    await result(page).waitFor();
    const link = page.getByRole('link', { name: 'Share WhatsApp' });
    const href = (await link.getAttribute('href'))!;
    const url = new URL(href);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/');
    expect(url.searchParams.get('text')).toBe(
      [
        'Status Pendaftaran Merchant AIPOS',
        'Kode Pendaftaran: AIP-REJ01',
        'Nama Toko: Toko Ditolak',
        'Status: Ditolak',
        `Cek status: ${server.baseUrl}/status?code=AIP-REJ01`,
      ].join('\n'),
    );
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('link', { name: 'Kembali ke Beranda' }).getAttribute('href')).toBe('/');
  });

  it('fits a 375 px screen without sideways scrolling', async () => {
    const page = await openPage();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/status?code=AIP-DTL01');
    await result(page).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Email & Nomor HP' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('prints a receipt without navigation, search form or buttons', async () => {
    const page = await openPage();
    await page.goto('/status?code=AIP-VER01');
    await result(page).waitFor();
    let printed = false;
    await page.exposeFunction('__printed', () => {
      printed = true;
    });
    await page.evaluate(() => {
      window.print = () => void (window as unknown as { __printed: () => void }).__printed();
    });
    await page.getByRole('button', { name: 'Unduh Bukti' }).click();
    await expect.poll(() => printed).toBe(true);

    expect(await page.getByText('Bukti Pendaftaran Merchant AIPOS').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('banner').isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Navigasi utama' }).isVisible()).toBe(false);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(false);
    expect(await page.getByRole('form', { name: 'Cari status pendaftaran' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Unduh Bukti' }).isVisible()).toBe(false);
    expect(await page.getByText('Bukti Pendaftaran Merchant AIPOS').isVisible()).toBe(true);
    expect(await page.getByTestId('kode-pendaftaran').isVisible()).toBe(true);
    expect(await page.getByTestId('status-badge').innerText()).toBe('Status: Sudah Terverifikasi');
    // One page: at the width of an A4 sheet less margins, the receipt is shorter than the sheet (96 px per inch).
    const mm = 96 / 25.4;
    await page.setViewportSize({ width: Math.floor((210 - 28) * mm), height: 1000 });
    const box = await page.getByRole('main').boundingBox();
    expect(box!.height).toBeLessThan((297 - 28) * mm);
  });
});
