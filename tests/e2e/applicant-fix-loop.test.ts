import { createHash } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERBAIKAN_MESSAGES } from '../../src/domain/perbaikan-texts.js';
import { reasonInfo } from '../../src/domain/reason-codes.js';
import { seriousViolations } from '../budgets/support/axe.js';
import { createFreshDatabase, type FreshDatabase } from '../support/fresh-database.js';
import { registerOverHttp, type HttpRegistration } from '../support/registration-fixtures.js';
import { SmtpTestServer } from '../support/smtp-test-server.js';
import { merchantIdByCode, MERCHANTS_ADMIN, rowOf, signedInContext } from './support/admin-merchants-setup.js';
import { closeSuite, launchBrowser } from './support/browser.js';
import { startServer, type RunningServer } from './support/server-process.js';

const INVALID = 'Tautan perbaikan tidak valid atau sudah kedaluwarsa';

let browser: Browser;
let server: RunningServer;
const smtp = SmtpTestServer.perSuite();
let database: FreshDatabase;
const contexts: BrowserContext[] = [];

async function context(signedIn: boolean): Promise<BrowserContext> {
  const made = signedIn
    ? await signedInContext(browser, server.baseUrl)
    : await browser.newContext({ baseURL: server.baseUrl, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  contexts.push(made);
  return made;
}

/** The fix link of the newest status mail about this registration. */
async function fixLinkFromMail(code: string, count: number): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mails = smtp.received.filter((m) => m.subject.includes(code) && m.subject.endsWith('Data Tidak Lengkap'));
    if (mails.length >= count) {
      // PUBLIC_BASE_URL is left to its default, http://localhost:PORT.
      const link = /http:\/\/localhost:\d+\/perbaikan\/[A-Za-z0-9_-]+/.exec(mails[count - 1]!.text)?.[0];
      if (!link) throw new Error(`no fix link in: ${mails[count - 1]!.text}`);
      return link;
    }
    if (Date.now() > deadline) throw new Error(`no fix mail for ${code}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Admin: status dialog from the detail screen, data_tidak_lengkap, foto_ktp 'KTP buram' (its code) and no_hp
 * with a reason of their own. The dialog closes and says the link went to the applicant's e-mail: no
 * admin screen shows it.
 */
async function requestFix(admin: Page, id: string): Promise<void> {
  await admin.goto(`/admin/merchants/${id}`);
  await admin.getByRole('button', { name: 'Ubah Status' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Ubah Status Merchant' });
  await dialog.getByLabel('Status Baru').selectOption('data_tidak_lengkap');
  await dialog.getByRole('checkbox', { name: 'Dokumen KTP' }).check();
  await dialog.getByRole('checkbox', { name: 'Nomor HP' }).check();
  expect(await dialog.getByLabel('Alasan Dokumen KTP').inputValue()).toBe('ktp_buram');
  await dialog.getByLabel('Alasan Nomor HP').selectOption('Lainnya');
  await dialog.getByLabel('Keterangan Nomor HP').fill('Nomor tidak aktif');
  await dialog.getByLabel('Catatan Admin (opsional)').fill('Mohon perbaiki foto KTP dan nomor HP');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await admin.getByText(PERBAIKAN_MESSAGES.fixLinkMailed).waitFor();
  await dialog.waitFor({ state: 'detached' });
  expect(await admin.locator('body').innerText()).not.toContain('/perbaikan/');
}

beforeAll(async () => {
  database = await createFreshDatabase();
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      SMTP_INSECURE: 'true',
      MAIL_POLL_INTERVAL_MS: '200',
      MAIL_RETRY_BASE_MS: '200',
      MAIL_RETRY_MAX_MS: '1000',
      ADMIN_EMAIL: MERCHANTS_ADMIN.email,
      ADMIN_PASSWORD: MERCHANTS_ADMIN.password,
      COOKIE_SECURE: 'false',
    }),
  ]);
});

afterAll(() => closeSuite({ contexts, browser, servers: [server], databases: [database] }));

describe('the fix loop in the browser', () => {
  let registration: HttpRegistration;
  let id: string;

  it('admin flags the KTP photo and the phone; the e-mailed link opens exactly those two; the applicant fixes them; the admin sees it live', async () => {
    registration = await registerOverHttp(server.baseUrl, { overrides: { no_rekening: '5550001112' } });
    const admin = await (await context(true)).newPage();
    id = await merchantIdByCode(admin.context().request, registration.kode_pendaftaran);
    const before = await admin.context().request.get(`/api/admin/merchants/${id}/documents/foto_ktp`);
    const oldKtp = createHash('sha256')
      .update(await before.body())
      .digest('hex');

    await requestFix(admin, id);
    const link = await fixLinkFromMail(registration.kode_pendaftaran, 1);
    const mail = smtp.received.find((m) => m.text.includes(link))!;
    expect(mail.text).toContain(`- Dokumen KTP: ${reasonInfo('ktp_buram').teks_pendaftar}`);
    expect(mail.text).toContain('- Nomor HP: Nomor tidak aktif');
    // Neither the NIK nor the account number of the fixture's applicant, in any form.
    for (const secret of ['3174015503900001', '5550001112']) expect(mail.text).not.toContain(secret);

    // The admin list, open while the applicant works: it must change by itself.
    const events = admin.waitForResponse((response) => response.url().endsWith('/api/admin/events') && response.status() === 200);
    await admin.goto('/admin/merchants');
    await events;
    await rowOf(admin, registration.kode_pendaftaran).getByText('Data Tidak Lengkap').waitFor();

    const applicant = await (await context(false)).newPage();
    // The page at the server's own address (the browser context's origin), the path of the e-mailed link.
    await applicant.goto(new URL(link).pathname);
    await applicant.getByRole('heading', { name: 'Perbaikan Data Pendaftaran', level: 1 }).waitFor();
    const form = applicant.getByRole('form', { name: 'Perbaikan data' });
    await form.getByText(registration.kode_pendaftaran).waitFor();
    await form.getByText('Mohon perbaiki foto KTP dan nomor HP').waitFor();
    await form.getByText(`Alasan: ${reasonInfo('ktp_buram').teks_pendaftar}`).waitFor();
    await form.getByText('Alasan: Nomor tidak aktif').waitFor();
    // Exactly the two flagged: one phone field, pre-filled, and one file field.
    const controls = await form
      .locator('input, select, textarea')
      .evaluateAll((nodes) => nodes.map((n) => `${(n as HTMLInputElement).type}:${(n as HTMLInputElement).name}`));
    expect(controls.sort()).toEqual(['file:foto_ktp', 'tel:no_hp']);
    expect(await form.getByLabel('Nomor HP').inputValue()).toBe('+6281234567890');
    expect(await seriousViolations(applicant)).toEqual([]);

    // The wizard's own rules on the typed value.
    await form.getByLabel('Nomor HP').fill('12345');
    await applicant.getByRole('button', { name: 'Kirim Perbaikan' }).click();
    await form.getByText('Nomor HP tidak valid. Gunakan nomor seluler Indonesia (08…, 62… atau +62…).').waitFor();
    await form.getByText('Dokumen KTP wajib diupload ulang').waitFor();

    await form.getByLabel('Nomor HP').fill('0813-5555-7777');
    const newKtp = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#e67e22' } })
      .jpeg()
      .toBuffer();
    const uploaded = applicant.waitForResponse((response) => response.url().endsWith('/api/uploads') && response.status() === 201);
    await form
      .locator('input[type="file"][name="foto_ktp"]')
      .setInputFiles({ name: 'ktp-baru.jpg', mimeType: 'image/jpeg', buffer: newKtp });
    await uploaded;
    await applicant.getByRole('button', { name: 'Kirim Perbaikan' }).click();
    await applicant.getByText('Perbaikan data berhasil dikirim').waitFor();
    expect(await applicant.getByTestId('kode-pendaftaran').textContent()).toBe(registration.kode_pendaftaran);
    expect(await applicant.getByRole('link', { name: 'Cek Status Pendaftaran' }).getAttribute('href')).toBe(
      `/status?code=${registration.kode_pendaftaran}`,
    );

    // Live: the list shows the merchant back in processing without a reload.
    await rowOf(admin, registration.kode_pendaftaran).getByText('Sedang Diproses').waitFor({ timeout: 15_000 });

    await admin.goto(`/admin/merchants/${id}`);
    expect(await admin.getByLabel('Nomor HP').inputValue()).toBe('+6281355557777');
    const after = await admin.context().request.get(`/api/admin/merchants/${id}/documents/foto_ktp`);
    expect(after.status()).toBe(200);
    const newHash = createHash('sha256')
      .update(await after.body())
      .digest('hex');
    expect(newHash).not.toBe(oldKtp);
    const { width } = await sharp(await after.body()).metadata();
    expect(width).toBe(320);
    await admin.getByRole('tab', { name: 'Dokumen' }).click();
    await admin.getByRole('img', { name: /KTP/ }).first().waitFor();
    await admin.getByRole('tab', { name: 'Aktivitas' }).click();
    await admin.getByRole('list', { name: 'Aktivitas merchant' }).getByText('resubmission').first().waitFor();
    await admin.getByRole('tab', { name: 'Pesan' }).click();
    const messages = admin.getByRole('list', { name: 'Pesan ke pendaftar' });
    await messages.getByText('Tanda terima perbaikan').waitFor();
    const whatsapp = await messages.getByRole('link', { name: 'Kirim via WhatsApp' }).first().getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/6281355557777\?text=/);

    // Used: the same link now gives the 404 message.
    await applicant.goto(new URL(link).pathname);
    await applicant.getByText(INVALID).waitFor();
    // And the receipt of the resubmission reached the applicant.
    await expect
      .poll(
        () =>
          smtp.received.filter(
            (m) => m.subject.startsWith('Perbaikan data pendaftaran diterima') && m.subject.includes(registration.kode_pendaftaran),
          ).length,
        { timeout: 15_000 },
      )
      .toBe(1);
  });

  it('the fix page refuses a link typed into a name; the Pesan tab and its WhatsApp text never carry the token', async () => {
    const own = await registerOverHttp(server.baseUrl);
    const admin = await (await context(true)).newPage();
    const ownId = await merchantIdByCode(admin.context().request, own.kode_pendaftaran);
    await admin.goto(`/admin/merchants/${ownId}`);
    await admin.getByRole('button', { name: 'Ubah Status' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Ubah Status Merchant' });
    await dialog.getByLabel('Status Baru').selectOption('data_tidak_lengkap');
    await dialog.getByRole('checkbox', { name: 'Nama Toko' }).check();
    await dialog.getByLabel('Alasan Nama Toko').selectOption('Lainnya');
    await dialog.getByLabel('Keterangan Nama Toko').fill('Tidak sesuai papan nama');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'detached' });
    const link = await fixLinkFromMail(own.kode_pendaftaran, 1);
    const token = link.split('/').pop()!;

    // The admin's copies: the link shows as /perbaikan/… with the note, in the tab and in the WhatsApp text.
    await admin.getByRole('tab', { name: 'Pesan' }).click();
    const messages = admin.getByRole('list', { name: 'Pesan ke pendaftar' });
    const status = messages.getByTestId('applicant-message').filter({ hasText: 'Perubahan status' });
    await status.getByText('Lihat isi pesan').click();
    await status.getByText('/perbaikan/… (Tautan hanya ada di e-mail pendaftar)').waitFor();
    expect(await messages.innerText()).not.toContain(token);
    const whatsapp = (await status.getByRole('link', { name: 'Kirim via WhatsApp' }).getAttribute('href'))!;
    expect(decodeURIComponent(whatsapp)).toContain('/perbaikan/… (Tautan hanya ada di e-mail pendaftar)');
    expect(whatsapp).not.toContain(token);

    // The applicant, from the e-mailed link, types a link into the store name.
    const applicant = await (await context(false)).newPage();
    await applicant.goto(new URL(link).pathname);
    const form = applicant.getByRole('form', { name: 'Perbaikan data' });
    await form.getByLabel('Nama Toko').fill('Toko Jaya https://contoh.com/hadiah');
    await applicant.getByRole('button', { name: 'Kirim Perbaikan' }).click();
    await form.getByText('Nama Toko tidak boleh berisi tautan, alamat e-mail, atau baris baru').waitFor();
    expect(await form.getByLabel('Nama Toko').getAttribute('aria-invalid')).toBe('true');
    // Nothing was sent: the link still opens the form.
    await applicant.reload();
    await form.getByLabel('Nama Toko').fill('Toko Jaya Abadi');
    await applicant.getByRole('button', { name: 'Kirim Perbaikan' }).click();
    await applicant.getByText('Perbaikan data berhasil dikirim').waitFor();
  });

  it('an expired link gives the same message', async () => {
    const admin = await (await context(true)).newPage();
    await requestFix(admin, id);
    const link = await fixLinkFromMail(registration.kode_pendaftaran, 2);
    const token = link.split('/').pop()!;
    await database.query("update fix_requests set expires_at = now() - interval '1 minute' where token_hash = $1", [
      createHash('sha256').update(token).digest('hex'),
    ]);
    const applicant = await (await context(false)).newPage();
    await applicant.goto(new URL(link).pathname);
    await applicant.getByText(INVALID).waitFor();
    expect(await applicant.getByRole('form', { name: 'Perbaikan data' }).count()).toBe(0);
  });
});
