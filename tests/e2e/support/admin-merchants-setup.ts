import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { LOOKUP_APPLICANT, registerOverHttp, type HttpRegistration } from '../../support/registration-fixtures.js';
import { closeSuite, launchBrowser } from './browser.js';
import { startServer, type RunningServer } from './server-process.js';

export const MERCHANTS_ADMIN = { email: 'merchants-admin@aipos.test', password: 'soto-betawi-kuah-santan' };

/**
 * A server of this file's own: the shared one has no admin account. The admin comes from
 * ADMIN_EMAIL/ADMIN_PASSWORD as in production; COOKIE_SECURE=false lets the cookie travel over http.
 */
export function startMerchantsServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer({
    ADMIN_EMAIL: MERCHANTS_ADMIN.email,
    ADMIN_PASSWORD: MERCHANTS_ADMIN.password,
    COOKIE_SECURE: 'false',
    RATE_LIMIT_LOOKUPS_PER_MINUTE: '1000',
    ...env,
  });
}

export type MerchantsSuite = {
  server: RunningServer;
  browser: Browser;
  /** LOOKUP_APPLICANT's registration, made over HTTP. */
  registration: HttpRegistration;
  /** Every context the suite opens, closed with it. */
  contexts: BrowserContext[];
  /** A page of a new context signed in as the admin. */
  adminPage: () => Promise<Page>;
};

/**
 * The file's own server (startMerchantsServer) with LOOKUP_APPLICANT registered, and a browser: started
 * before the file's tests, closed after them. The fields are filled by the hooks: read them inside hooks
 * and tests only.
 */
export function merchantsSuite(): MerchantsSuite {
  const suite = { contexts: [] as BrowserContext[] } as MerchantsSuite;
  suite.adminPage = () => signedInPage(suite.browser, suite.server.baseUrl, suite.contexts);
  beforeAll(async () => {
    suite.server = await startMerchantsServer();
    suite.registration = await registerOverHttp(suite.server.baseUrl, { overrides: LOOKUP_APPLICANT });
    suite.browser = await launchBrowser();
  });
  afterAll(() => closeSuite({ contexts: suite.contexts, browser: suite.browser, servers: [suite.server] }));
  return suite;
}

/** A browser context signed in as the admin (or another account) through the sign-in API (the login screen has its own tests). */
export async function signedInContext(
  browser: Browser,
  baseUrl: string,
  account: { email: string; password: string } = MERCHANTS_ADMIN,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  const response = await context.request.post('/api/auth/login', { data: account });
  if (!response.ok()) throw new Error(`sign-in: ${response.status()} ${await response.text()}`);
  return context;
}

/** A page of a new signed-in context, kept in `contexts` so that the suite's closeSuite closes it. */
export async function signedInPage(browser: Browser, baseUrl: string, contexts: BrowserContext[]): Promise<Page> {
  const context = await signedInContext(browser, baseUrl);
  contexts.push(context);
  return context.newPage();
}

/** A row's or card's text with plain spaces: rupiah amounts and dates are formatted with non-breaking ones. */
export const nbsp = (s: string | null) => (s ?? '').replaceAll('\u00a0', ' ');

export type CreatedMerchant = { id: string; kode_pendaftaran: string; nama_toko: string; updated_at: string };

let phoneCounter = 0;

/** A merchant made through the admin API, for tests that need one of their own. */
export async function createMerchantThroughApi(request: APIRequestContext, nama_toko: string): Promise<CreatedMerchant> {
  phoneCounter += 1;
  const response = await request.post('/api/admin/merchants', {
    data: {
      nama_toko,
      kategori_usaha: 'Retail',
      alamat_jalan: 'Jl. Kebon Jeruk No. 21, RT 01/RW 02',
      kecamatan: 'Kebon Jeruk',
      kota_kab: 'Jakarta Barat',
      provinsi: 'DKI Jakarta',
      kode_pos: '11530',
      nama_pemilik: 'Agus Wijaya',
      nik: '3174015505900001',
      no_hp: `0812-7777-${String(1000 + phoneCounter)}`,
      email: `agus${phoneCounter}@contoh.id`,
      alamat_pemilik: 'Jl. Kebon Jeruk No. 21, Jakarta Barat',
      nama_bank: 'BNI',
      no_rekening: '1122334455',
      nama_rekening: 'Agus Wijaya',
    },
  });
  if (response.status() !== 201) throw new Error(`create merchant: ${response.status()} ${await response.text()}`);
  return (await response.json()) as CreatedMerchant;
}

export async function setStatusThroughApi(request: APIRequestContext, id: string, status: string): Promise<void> {
  const response = await request.post(`/api/admin/merchants/${id}/status`, {
    data: { status, catatan_admin: null, ...(status === 'rejected' ? { kode_alasan: ['data_ganda'] } : {}) },
  });
  if (!response.ok()) throw new Error(`status: ${response.status()} ${await response.text()}`);
}

/** The list row of a merchant, found by its code. */
export function rowOf(page: Page, code: string) {
  return page.getByRole('row').filter({ hasText: code });
}

export function toastWith(page: Page, text: string) {
  return page.locator('[data-sonner-toast]', { hasText: text });
}

/** The internal id of a registration, found by its code through the admin list (the public answer has no id). */
export async function merchantIdByCode(request: APIRequestContext, code: string): Promise<string> {
  const response = await request.get(`/api/admin/merchants?q=${encodeURIComponent(code)}`);
  const body = (await response.json()) as { items: { id: string; kode_pendaftaran: string }[] };
  const item = body.items.find((candidate) => candidate.kode_pendaftaran === code);
  if (!item) throw new Error(`no merchant ${code} in the admin list (${response.status()})`);
  return item.id;
}
