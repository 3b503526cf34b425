import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_MESSAGES } from '../../src/domain/merchants.js';
import { MESSAGES } from '../../src/domain/messages.js';
import { NIK_MESSAGES } from '../../src/domain/nik-structure.js';
import { STATUS_MESSAGES } from '../../src/domain/status-texts.js';
import { LOOKUP_APPLICANT, registerOverHttp, type HttpRegistration } from '../support/registration-fixtures.js';
import {
  createMerchantThroughApi,
  MERCHANTS_ADMIN,
  rowOf,
  setStatusThroughApi,
  signedInContext,
  signedInPage,
  startMerchantsServer,
  toastWith,
  type CreatedMerchant,
} from './support/admin-merchants-setup.js';
import { closeSuite, launchBrowser } from './support/browser.js';
import type { RunningServer } from './support/server-process.js';

let server: RunningServer;
let browser: Browser;
let admin: BrowserContext;
let registration: HttpRegistration;
let verifiedOne: CreatedMerchant;
let toEdit: CreatedMerchant;
let toDelete: CreatedMerchant;
const contexts: BrowserContext[] = [];

const adminPage = () => signedInPage(browser, server.baseUrl, contexts);

const MERCHANT_SEARCH = 'Cari nama, email, no HP, atau kode...';
const AUDIT_SEARCH = 'Cari aksi, tabel, email...';
const searchBox = (page: Page, placeholder = MERCHANT_SEARCH) => page.getByPlaceholder(placeholder, { exact: true });

/** Types a search and waits for the debounced request to reach the URL. */
async function search(page: Page, text: string, placeholder = MERCHANT_SEARCH) {
  await searchBox(page, placeholder).fill(text);
  await page.waitForURL((url) => url.searchParams.get('q') === text.trim());
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startMerchantsServer(), launchBrowser()]);
  registration = await registerOverHttp(server.baseUrl, { overrides: LOOKUP_APPLICANT });
  admin = await signedInContext(browser, server.baseUrl);
  contexts.push(admin);
  verifiedOne = await createMerchantThroughApi(admin.request, 'Toko Filter Terverifikasi');
  await setStatusThroughApi(admin.request, verifiedOne.id, 'verified');
  toEdit = await createMerchantThroughApi(admin.request, 'Toko Untuk Diubah');
  toDelete = await createMerchantThroughApi(admin.request, 'Toko Untuk Dihapus');
});

afterAll(() => closeSuite({ contexts, browser, servers: [server] }));

/** A NIK whose province code 99 is no province: the review flags it before any reveal. */
const ODD_NIK_MERCHANT = {
  nama_toko: 'Toko NIK Aneh',
  kategori_usaha: 'Retail',
  alamat_jalan: 'Jl. Kenari No. 8',
  kecamatan: 'Senen',
  kota_kab: 'Jakarta Pusat',
  provinsi: 'DKI Jakarta',
  kode_pos: '10430',
  nama_pemilik: 'Budi Santoso',
  nik: '9901010201880005',
  no_hp: '0812-7000-5555',
  email: 'budi.nik@contoh.id',
  alamat_pemilik: 'Jl. Kenari No. 8, Jakarta Pusat',
  nama_bank: 'BRI',
  no_rekening: '0099887766',
  nama_rekening: 'Budi Santoso',
};

describe('merchant list', () => {
  it('shows a registration made through the public API, newest first, with its columns', async () => {
    const page = await adminPage();
    await page.goto('/admin/merchants');
    await page.getByRole('heading', { name: 'Daftar Merchant', level: 1 }).waitFor();
    const row = rowOf(page, registration.kode_pendaftaran);
    await row.waitFor();
    const text = await row.innerText();
    for (const value of [
      registration.nama_toko,
      registration.nama_pemilik,
      registration.no_hp,
      registration.email,
      'Jakarta Selatan, DKI Jakarta',
      'Sedang Diproses',
    ]) {
      expect(text).toContain(value);
    }
    const headers = await page.getByRole('columnheader').allInnerTexts();
    // SPEC's columns, with the bulk bar's selection box first and the case's reviewer before the actions.
    expect(headers.map((h) => h.trim().toLowerCase())).toEqual([
      'pilih',
      'kode',
      'nama toko',
      'pemilik',
      'no. hp',
      'email',
      'lokasi',
      'status',
      'tanggal daftar',
      'peninjau',
      'aksi',
    ]);
    expect(await page.getByText(/Menampilkan 1-4 dari 4 merchant/).count()).toBe(1);
    for (const name of [
      `Lihat ${registration.nama_toko}`,
      `Edit ${registration.nama_toko}`,
      `Ubah status ${registration.nama_toko}`,
      `Hapus ${registration.nama_toko}`,
    ]) {
      await row.getByRole(name.startsWith('Lihat') || name.startsWith('Edit') ? 'link' : 'button', { name }).waitFor();
    }
    // docs/spec.md §4: only a processing row offers the status dialog.
    expect(
      await rowOf(page, verifiedOne.kode_pendaftaran)
        .getByRole('button', { name: /^Ubah status/ })
        .count(),
    ).toBe(0);
  });

  it('finds by part of the phone in another spelling and by code, and keeps the search in the URL', async () => {
    const page = await adminPage();
    await page.goto('/admin/merchants');
    await rowOf(page, registration.kode_pendaftaran).waitFor();
    // Stored as +6281355552468; typed as the merchant would write it. The start of a mobile number is an
    // ordinary search (no identity lookup): it stays in the URL like any other.
    await searchBox(page).fill('0813-5555');
    await page.waitForFunction(
      (code) => document.querySelectorAll('tbody tr').length === 1 && document.body.innerText.includes(code),
      registration.kode_pendaftaran,
    );
    await page.waitForURL((url) => url.searchParams.get('q') === '0813-5555');
    expect(await rowOf(page, toEdit.kode_pendaftaran).count()).toBe(0);

    await search(page, toEdit.kode_pendaftaran);
    await rowOf(page, toEdit.kode_pendaftaran).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);

    await page.reload();
    expect(await searchBox(page).inputValue()).toBe(toEdit.kode_pendaftaran);
    await rowOf(page, toEdit.kode_pendaftaran).waitFor();

    await search(page, 'tidak-ada-yang-cocok-xyz');
    await page.getByText(MESSAGES.emptyMerchants).waitFor();
  });

  it('a row opened while a typed search still waits for its pause stays open, and Back returns to the list', async () => {
    const page = await adminPage();
    await page.goto('/admin/merchants');
    const row = rowOf(page, toEdit.kode_pendaftaran);
    await row.waitFor();
    // A slow connection: the detail screen's code arrives well after the search's 300 ms pause is over,
    // while the list is still on screen.
    await page.route('**/assets/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await searchBox(page).fill(toEdit.kode_pendaftaran);
    await row.getByRole('link', { name: /^Lihat/ }).click();
    await page.getByRole('tab', { name: 'Dokumen' }).waitFor();
    // Past the pause and the chunk: the detail is still what is shown.
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe(`/admin/merchants/${toEdit.id}`);
    await page.getByRole('tab', { name: 'Dokumen' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Daftar Merchant', level: 1 }).waitFor();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  it('filters by status, and a shared link opens the same view', async () => {
    const page = await adminPage();
    await page.goto('/admin/merchants');
    await rowOf(page, registration.kode_pendaftaran).waitFor();
    await page.locator('select[name="status"]').selectOption('verified');
    await page.waitForURL(/status=verified/);
    await rowOf(page, verifiedOne.kode_pendaftaran).waitFor();
    await rowOf(page, registration.kode_pendaftaran).waitFor({ state: 'detached' });

    const shared = await adminPage();
    await shared.goto('/admin/merchants?status=rejected');
    await shared.getByText(MESSAGES.emptyMerchants).waitFor();
    expect(await shared.locator('select[name="status"]').inputValue()).toBe('rejected');
  });

  it('changes the status from the dialog; the badge and the public status page follow', async () => {
    const page = await adminPage();
    await page.goto(`/admin/merchants?q=${registration.kode_pendaftaran}`);
    const row = rowOf(page, registration.kode_pendaftaran);
    await row.getByRole('button', { name: `Ubah status ${registration.nama_toko}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Ubah Status Merchant' });
    await dialog.waitFor();
    const save = dialog.getByRole('button', { name: 'Simpan' });
    expect(await save.isDisabled()).toBe(true);
    const options = await dialog.locator('select[name="status"] option').allInnerTexts();
    expect(options.slice(1)).toEqual(['Sudah Terverifikasi', 'Ditolak', 'Data Tidak Lengkap']);
    await dialog.locator('select[name="status"]').selectOption('verified');
    await dialog.locator('textarea[name="catatan_admin"]').fill('Dokumen lengkap dan valid.');
    await save.click();
    await toastWith(page, MESSAGES.statusChangeSuccess).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Sudah Terverifikasi').waitFor();
    expect(await row.getByRole('button', { name: /^Ubah status/ }).count()).toBe(0);

    const visitor = await browser.newContext({ baseURL: server.baseUrl, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
    contexts.push(visitor);
    const publicPage = await visitor.newPage();
    await publicPage.goto(`/status?code=${registration.kode_pendaftaran}`);
    await publicPage.getByText(STATUS_MESSAGES.verified.body).waitFor();
    // The note reaches the applicant's own browser (receipt token), never a code alone.
    expect(await publicPage.getByText('Dokumen lengkap dan valid.').count()).toBe(0);
    await publicPage.evaluate((r) => {
      sessionStorage.setItem('aipos.registration.submitted', 'true');
      sessionStorage.setItem('aipos.registration.code', r.kode_pendaftaran);
      sessionStorage.setItem('aipos.registration.receiptToken', r.receipt_token);
    }, registration);
    await publicPage.goto('/status');
    await publicPage.getByText('Dokumen lengkap dan valid.').waitFor();
  });
});

describe('merchant detail', () => {
  it('edits and saves a field; the record reloads in view mode', async () => {
    const page = await adminPage();
    await page.goto(`/admin/merchants/${toEdit.id}`);
    await page.getByRole('heading', { name: toEdit.nama_toko, level: 1 }).waitFor();
    expect(await page.getByTestId('kode-pendaftaran').innerText()).toBe(toEdit.kode_pendaftaran);
    const city = page.locator('input[name="kota_kab"]');
    expect(await city.isEditable()).toBe(false);
    await page.getByRole('button', { name: 'Edit Merchant' }).click();
    await page.waitForURL(`**/admin/merchants/${toEdit.id}/edit`);
    await page.getByRole('button', { name: 'Simpan' }).waitFor();
    expect(await city.isEditable()).toBe(true);
    // Turnover stays read-only even while editing (docs/spec.md §5).
    expect(await page.getByLabel('Omset per Bulan').isEditable()).toBe(false);
    await city.fill('Jakarta Utara');
    await page.locator('textarea[name="catatan_admin"]').fill('Alamat diperbarui lewat telepon.');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await toastWith(page, MESSAGES.saveSuccess).waitFor();
    await page.waitForURL(`**/admin/merchants/${toEdit.id}`);
    await page.getByRole('button', { name: 'Edit Merchant' }).waitFor();
    expect(await city.inputValue()).toBe('Jakarta Utara');
    expect(await city.isEditable()).toBe(false);

    await page.reload();
    expect(await page.locator('input[name="kota_kab"]').inputValue()).toBe('Jakarta Utara');
  });

  it('Batal discards the edits', async () => {
    const page = await adminPage();
    await page.goto(`/admin/merchants/${toEdit.id}/edit`);
    await page.getByRole('button', { name: 'Simpan' }).waitFor();
    const owner = page.locator('input[name="nama_pemilik"]');
    await owner.fill('Nama Yang Dibuang');
    await page.getByRole('button', { name: 'Batal' }).click();
    await page.getByRole('button', { name: 'Edit Merchant' }).waitFor();
    expect(await owner.inputValue()).toBe('Agus Wijaya');
  });

  it('refuses a stale save from a second admin with the message and a reload', async () => {
    const first = await adminPage();
    const second = await adminPage();
    await Promise.all([first.goto(`/admin/merchants/${toEdit.id}/edit`), second.goto(`/admin/merchants/${toEdit.id}/edit`)]);
    await Promise.all([first.getByRole('button', { name: 'Simpan' }).waitFor(), second.getByRole('button', { name: 'Simpan' }).waitFor()]);

    await first.locator('input[name="kecamatan"]').fill('Penjaringan');
    await first.getByRole('button', { name: 'Simpan' }).click();
    await toastWith(first, MESSAGES.saveSuccess).waitFor();

    await second.locator('input[name="kecamatan"]').fill('Tanjung Priok');
    await second.getByRole('button', { name: 'Simpan' }).click();
    const alert = second.getByRole('alert').filter({ hasText: MERCHANT_MESSAGES.staleSave });
    await alert.waitFor();
    await toastWith(second, MESSAGES.saveFailed).waitFor();
    await alert.getByRole('button', { name: 'Muat Ulang' }).click();
    await alert.waitFor({ state: 'detached' });
    expect(await second.locator('input[name="kecamatan"]').inputValue()).toBe('Penjaringan');
    // Still editing, now from the latest version: the same change saves.
    await second.locator('input[name="kecamatan"]').fill('Tanjung Priok');
    await second.getByRole('button', { name: 'Simpan' }).click();
    await toastWith(second, MESSAGES.saveSuccess).waitFor();
  });

  it('shows the seven document slots and says when a merchant does not exist', async () => {
    const page = await adminPage();
    await page.goto(`/admin/merchants/${toEdit.id}`);
    await page.getByRole('tab', { name: 'Dokumen' }).click();
    expect(await page.getByText(MESSAGES.documentMissing).count()).toBe(7);

    await page.goto('/admin/merchants/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: MESSAGES.merchantNotFound }).waitFor();
    await page.getByRole('link', { name: 'Kembali ke Daftar Merchant' }).click();
    await page.waitForURL('**/admin/merchants');
  });
});

describe('delete and create', () => {
  it('deletes after the confirmation; the row is gone and the detail is not found', async () => {
    const page = await adminPage();
    await page.goto(`/admin/merchants?q=${toDelete.kode_pendaftaran}`);
    const row = rowOf(page, toDelete.kode_pendaftaran);
    await row.getByRole('button', { name: `Hapus ${toDelete.nama_toko}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Hapus Merchant?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('dapat dipulihkan');
    await dialog.getByRole('button', { name: 'Hapus' }).click();
    await toastWith(page, MERCHANT_MESSAGES.deleted).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByText(MESSAGES.emptyMerchants).waitFor();

    await page.goto(`/admin/merchants/${toDelete.id}`);
    await page.getByRole('heading', { name: MESSAGES.merchantNotFound }).waitFor();
  });

  it('creates a merchant from the form', async () => {
    const page = await adminPage();
    await page.goto('/admin/merchants');
    await page.getByRole('link', { name: 'Tambah Merchant' }).click();
    await page.waitForURL('**/admin/merchants/new');
    const form = page.getByRole('form', { name: 'Tambah merchant' });
    // Every control is required, with the SPEC defaults.
    const controls = form.locator('input, select, textarea');
    for (const control of await controls.all()) expect(await control.getAttribute('required')).not.toBeNull();
    expect(await form.locator('select[name="tempat_usaha"]').inputValue()).toBe('Sewa');
    expect(await form.locator('input[name="omset_per_bulan"]').inputValue()).toBe('0');

    const fill = (name: string, value: string) => form.locator(`[name="${name}"]`).fill(value);
    await fill('nama_toko', 'Toko Baru Admin');
    await form.locator('select[name="kategori_usaha"]').selectOption('F&B');
    await fill('omset_per_bulan', '25000000');
    await fill('alamat_jalan', 'Jl. Gatot Subroto No. 8, Kuningan');
    await fill('kecamatan', 'Setiabudi');
    await fill('kota_kab', 'Jakarta Selatan');
    await fill('provinsi', 'DKI Jakarta');
    await fill('kode_pos', '12950');
    await fill('nama_pemilik', 'Dewi Lestari');
    await fill('nik', '3174015505900001');
    await fill('no_hp', '081299998888');
    await fill('email', 'dewi@contoh.id');
    await fill('alamat_pemilik', 'Jl. Gatot Subroto No. 8, Jakarta');
    await form.locator('select[name="nama_bank"]').selectOption('Mandiri');
    await fill('no_rekening', '1230004567');
    await fill('nama_rekening', 'Dewi Lestari');
    await form.getByRole('button', { name: 'Simpan' }).click();

    await toastWith(page, MESSAGES.createSuccess('Toko Baru Admin')).waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/merchants');
    const row = page.getByRole('row').filter({ hasText: 'Toko Baru Admin' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Sedang Diproses');
    expect(await row.innerText()).toMatch(/AIP-[A-Z0-9_-]{5}/);
  });
});

describe('identity data, masked by default', () => {
  it('shows NIK and account number masked, reveals one on request, and records the look', async () => {
    const merchant = await createMerchantThroughApi(admin.request, 'Toko Data Pribadi');
    const page = await adminPage();
    await page.goto(`/admin/merchants/${merchant.id}`);
    const nik = page.getByLabel('NIK', { exact: true });
    await page.getByRole('group', { name: 'Informasi Pemilik' }).waitFor();
    expect(await nik.inputValue()).toBe('•••• •••• •••• 0001');
    expect(await page.getByLabel('Nomor Rekening', { exact: true }).inputValue()).toBe('•••• 4455');
    expect(await page.content()).not.toContain('3174015505900001');

    await page.getByRole('button', { name: 'Tampilkan NIK' }).click();
    await page.waitForFunction(
      () => (document.querySelector('input[name="nik"]') as HTMLInputElement | null)?.value === '3174015505900001',
    );
    expect(await page.getByRole('button', { name: 'Tampilkan NIK' }).count()).toBe(0);
    // The account number stays masked until asked for, also in edit mode (where it cannot be typed over).
    await page.getByRole('button', { name: 'Edit Merchant' }).click();
    await page.getByRole('button', { name: 'Simpan' }).waitFor();
    const account = page.getByLabel('Nomor Rekening', { exact: true });
    expect(await account.getAttribute('readonly')).not.toBeNull();
    expect(await account.inputValue()).toBe('•••• 4455');
    // Revealed, the NIK is an ordinary (required) field of the edit.
    expect(await page.locator('input[name="nik"]').getAttribute('readonly')).toBeNull();
    expect(await page.locator('input[name="nik"]').inputValue()).toBe('3174015505900001');
    await page.getByRole('button', { name: 'Batal' }).click();

    await page.getByRole('tab', { name: 'Aktivitas' }).click();
    await page.getByTestId('activity-entry').first().waitFor();
    expect(await page.getByTestId('audit-action').allInnerTexts()).toContain('pii_reveal');
  });

  it('the NIK check shows province and flags; the birth date and sex only after Tampilkan', async () => {
    const merchant = await createMerchantThroughApi(admin.request, 'Toko Cek NIK');
    const page = await adminPage();
    await page.goto(`/admin/merchants/${merchant.id}`);
    const check = page.getByRole('region', { name: 'Pemeriksaan NIK' });
    await check.getByText('DKI Jakarta').waitFor();
    expect(await check.innerText()).toContain(NIK_MESSAGES.hiddenPersonal);
    expect(await check.innerText()).not.toContain('Tanggal lahir (dari NIK)');
    expect(await page.content()).not.toMatch(/15 Mei 1990|1990-05-15|Perempuan/);

    await page.getByRole('button', { name: 'Tampilkan NIK' }).click();
    await check.getByText('15 Mei 1990').waitFor();
    expect(await check.innerText()).toMatch(/Jenis kelamin \(dari NIK\)\s+Perempuan/);
    expect(await check.innerText()).not.toContain(NIK_MESSAGES.hiddenPersonal);
  });

  it('the review screen flags a NIK with an unknown province before the reveal, and decodes it after Tampilkan', async () => {
    const response = await admin.request.post('/api/admin/merchants', { data: { ...ODD_NIK_MERCHANT } });
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const page = await adminPage();
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`/admin/merchants/${id}/review`);
    const data = page.getByRole('region', { name: 'Data yang dibuktikan KTP' });
    await data.getByText(NIK_MESSAGES.problems.unknown_province).waitFor();
    expect(await data.innerText()).toContain(NIK_MESSAGES.structureWarning);
    expect(await data.innerText()).toContain('Kode 99 tidak dikenal');
    expect(await data.innerText()).toMatch(/NIK\s+•••• •••• •••• 0005/);
    expect(await data.innerText()).not.toContain('Tanggal lahir (dari NIK)');
    expect(await page.content()).not.toMatch(/2 Januari 1988|Laki-laki/);

    await data.getByRole('button', { name: 'Tampilkan NIK' }).click();
    await data.getByText('9901010201880005').waitFor();
    await data.getByText('2 Januari 1988').waitFor();
    expect(await data.innerText()).toMatch(/Jenis kelamin \(dari NIK\)\s+Laki-laki/);
    // The flag stays beside the decoded values.
    expect(await data.innerText()).toContain(NIK_MESSAGES.problems.unknown_province);
  });

  it('a search for a whole NIK keeps the number out of every URL, survives a reload and is recorded', async () => {
    const merchant = await createMerchantThroughApi(admin.request, 'Toko Cari NIK');
    const page = await adminPage();
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await page.goto('/admin/merchants');
    await rowOf(page, registration.kode_pendaftaran).waitFor();
    await searchBox(page).fill('3174 0155 0590 0001');
    await rowOf(page, merchant.kode_pendaftaran).waitFor();
    await page.waitForFunction((code) => !document.body.innerText.includes(code), registration.kode_pendaftaran);
    expect(new URL(page.url()).searchParams.get('q')).toBeNull();

    await page.reload();
    expect(await searchBox(page).inputValue()).toBe('3174 0155 0590 0001');
    await rowOf(page, merchant.kode_pendaftaran).waitFor();
    expect(urls.filter((url) => /3174\D?0155|3174015505900001/.test(decodeURIComponent(url)))).toEqual([]);

    await page.goto('/admin/audit');
    await page.getByTestId('audit-action').filter({ hasText: 'identity_search' }).first().waitFor();
  });
});

describe('audit trail', () => {
  it('the Aktivitas tab lists this merchant’s changes by that admin', async () => {
    const page = await adminPage();
    await page.goto(`/admin/merchants/${toEdit.id}`);
    await page.getByRole('tab', { name: 'Aktivitas' }).click();
    const entries = page.getByTestId('activity-entry');
    await entries.first().waitFor();
    const actions = await page.getByTestId('audit-action').allInnerTexts();
    // Newest first: the three saves (the stale one wrote nothing), the claim the first save took for its
    // admin (an edit claims an unclaimed case), then the create.
    expect(actions).toEqual(['update', 'update', 'update', 'claim_taken', 'create']);
    const newest = await entries.first().innerText();
    expect(newest).toContain(MERCHANTS_ADMIN.email);
    expect(newest).toContain('WIB');
    expect(newest).toContain('Tanjung Priok');
  });

  it('the audit page shows the actions by that admin, filters them and expands a diff', async () => {
    const page = await adminPage();
    await page.goto('/admin/audit');
    await page.getByRole('heading', { name: 'Audit Logs', level: 1 }).waitFor();
    const headers = await page.getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.trim().toLowerCase())).toEqual(['waktu', 'admin', 'aksi', 'tabel', 'detail']);
    const shown = async () => page.getByTestId('audit-action').allInnerTexts();
    await page.getByTestId('audit-action').first().waitFor();
    for (const action of ['create', 'update', 'status_change', 'soft_delete']) expect(await shown()).toContain(action);
    // The public registration's create row has no actor.
    expect(await page.locator('tbody tr[data-audit-id] td:nth-child(2)').allInnerTexts()).toContain('System');

    await page.locator('select[name="action"]').selectOption('status_change');
    await page.waitForURL(/action=status_change/);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="audit-action"]')].every((b) => b.textContent === 'status_change'),
    );
    const row = page.getByRole('row').filter({ hasText: 'status_change' }).filter({ hasText: MERCHANTS_ADMIN.email }).first();
    await row.getByRole('button', { name: 'Lihat detail' }).click();
    const diff = page.locator('pre').first();
    const text = await diff.innerText();
    expect(text).toContain('"to": "verified"');

    await page.locator('select[name="action"]').selectOption('all');
    await page.waitForURL((url) => !url.searchParams.has('action'));
    await search(page, MERCHANTS_ADMIN.email, AUDIT_SEARCH);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="audit-action"]').length > 0);
    // Searching by the admin's e-mail leaves only that admin's rows, and each action of this file is there.
    await page.waitForFunction(
      (email) =>
        [...document.querySelectorAll('tbody tr[data-audit-id] td:nth-child(2)')].every((cell) => cell.textContent?.trim() === email),
      MERCHANTS_ADMIN.email,
    );
    const actionsByAdmin = await shown();
    for (const action of ['create', 'update', 'status_change', 'soft_delete']) expect(actionsByAdmin).toContain(action);
    await search(page, 'tidak-ada-log-seperti-ini', AUDIT_SEARCH);
    await page.getByText(MESSAGES.emptyAudit).waitFor();
  });
});
