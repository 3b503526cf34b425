import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { NEUTRAL_APPLICANT_TEXT, REASON_MESSAGES, reasonInfo } from '../../src/domain/reason-codes.js';
import { seriousViolations } from '../budgets/support/axe.js';
import { createMerchantThroughApi, MERCHANTS_ADMIN, type CreatedMerchant } from './support/admin-merchants-setup.js';
import { teamSuite } from './support/team-suite.js';

const REVIEWER_B = { email: 'rekan-catatan@aipos.test', password: 'kopi-susu-gula-aren' };

/**
 * Internal notes live between two admins, a saved view shared with the team, a rejection that needs a
 * final reason and shows the applicant only its applicant text, the dashboard's split wait and the audit
 * export; axe on each changed screen.
 */
const suite = teamSuite(REVIEWER_B);
let a: Page;
let b: Page;
let merchant: CreatedMerchant;

beforeAll(async () => {
  [a, b] = await Promise.all([suite.adminPage(MERCHANTS_ADMIN), suite.adminPage(REVIEWER_B)]);
  merchant = await createMerchantThroughApi(a.context().request, 'Toko Catatan Tim');
});

describe('reasons, notes and views', () => {
  it('a note added on the detail screen appears live for the other admin on the review screen', async () => {
    await b.goto(`/admin/merchants/${merchant.id}/review`);
    const bNotes = b.getByRole('region', { name: 'Catatan Internal' });
    await bNotes.getByText('Belum ada catatan internal').waitFor();

    await a.goto(`/admin/merchants/${merchant.id}`);
    const notes = a.getByRole('region', { name: 'Catatan Internal' });
    await notes.getByRole('textbox', { name: 'Catatan internal' }).fill('Pemilik menelepon: KTP baru menyusul.');
    await notes.getByText('37/2.000 karakter').waitFor();
    await notes.getByRole('button', { name: 'Tambah Catatan' }).click();
    await notes
      .getByRole('listitem')
      .filter({ hasText: 'Pemilik menelepon: KTP baru menyusul.' })
      .getByText(MERCHANTS_ADMIN.email, { exact: false })
      .waitFor();
    expect(await notes.getByRole('textbox', { name: 'Catatan internal' }).inputValue()).toBe('');
    expect(await seriousViolations(a)).toEqual([]);

    await bNotes.getByText('Pemilik menelepon: KTP baru menyusul.').waitFor();
    expect(await seriousViolations(b)).toEqual([]);
  });

  it('a view saved and shared by one admin is a tab for the other, which applies its filter to the URL', async () => {
    await a.goto('/admin/merchants?status=processing');
    await a.getByRole('button', { name: 'Simpan Tampilan' }).click();
    const dialog = a.getByRole('dialog', { name: 'Simpan Tampilan' });
    await dialog.getByLabel('Nama tampilan').fill('Sedang diproses');
    await dialog.getByLabel('Bagikan ke tim').check();
    expect(await seriousViolations(a)).toEqual([]);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'detached' });
    const tabs = a.getByRole('navigation', { name: 'Tampilan tersimpan' });
    await tabs.getByRole('button', { name: 'Hapus tampilan Sedang diproses' }).waitFor();

    await b.goto('/admin/merchants');
    const bTabs = b.getByRole('navigation', { name: 'Tampilan tersimpan' });
    await bTabs.getByRole('button', { name: /^Sedang diproses/ }).click();
    await b.waitForURL(/[?&]status=processing/);
    // Another admin's view: no delete button for them.
    expect(await bTabs.getByRole('button', { name: 'Hapus tampilan Sedang diproses' }).count()).toBe(0);
    expect(await seriousViolations(b)).toEqual([]);
  });

  it('a rejection needs a final reason; the status page shows only its applicant text', async () => {
    await a.goto(`/admin/merchants/${merchant.id}/review`);
    await a.getByRole('heading', { name: `Tinjau: ${merchant.nama_toko}`, level: 1 }).waitFor();
    await a.getByRole('button', { name: /^Tolak/ }).click();
    const dialog = a.getByRole('dialog', { name: 'Ubah Status Merchant' });
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText(REASON_MESSAGES.finalRequired, { exact: true }).waitFor();
    await dialog.getByRole('checkbox', { name: /^Indikasi penipuan/ }).check();
    await dialog.getByRole('checkbox', { name: /^KTP buram/ }).check();
    expect(await seriousViolations(a)).toEqual([]);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'detached' });

    const visitor = await suite.browser.newContext({ baseURL: suite.server.baseUrl, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
    suite.contexts.push(visitor);
    const status = await visitor.newPage();
    await status.goto(`/status?code=${merchant.kode_pendaftaran}`);
    const reasons = status.getByTestId('status-reasons');
    await reasons.getByText(NEUTRAL_APPLICANT_TEXT).waitFor();
    await reasons.getByText(reasonInfo('ktp_buram').teks_pendaftar).waitFor();
    const text = await status.locator('main').innerText();
    expect(text).not.toMatch(/penipuan/i);
    expect(text).not.toContain('KTP buram\n');
    expect(await seriousViolations(status)).toEqual([]);
  });

  it("the profile form's status select asks for the same reasons before it rejects", async () => {
    const other = await createMerchantThroughApi(a.context().request, 'Toko Tolak Lewat Profil');
    await a.goto(`/admin/merchants/${other.id}`);
    await a.getByRole('button', { name: 'Edit Merchant' }).click();
    await a.waitForURL(`**/admin/merchants/${other.id}/edit`);
    const reasons = a.getByRole('group', { name: /Alasan penolakan/ });
    await a.locator('select[name="status"]').selectOption('rejected');
    await reasons.waitFor();
    await a.getByRole('button', { name: 'Simpan' }).click();
    await reasons.getByText(REASON_MESSAGES.finalRequired, { exact: true }).waitFor();
    expect((await suite.database.query<{ status: string }>('select status from merchants where id = $1', [other.id]))[0]?.status).toBe(
      'processing',
    );
    await reasons.getByRole('checkbox', { name: /^Data ganda/ }).check();
    expect(await seriousViolations(a)).toEqual([]);
    await a.getByRole('button', { name: 'Simpan' }).click();
    await a.getByRole('button', { name: 'Edit Merchant' }).waitFor();
    const [row] = await suite.database.query<{ status: string; kode_alasan: string[] }>(
      'select status, kode_alasan from merchants where id = $1',
      [other.id],
    );
    expect(row).toEqual({ status: 'rejected', kode_alasan: ['data_ganda'] });
  });

  it('the dashboard splits the wait and lists reviewers; the audit log exports its filtered rows', async () => {
    await a.goto('/admin/dashboard');
    await a.getByText('Menunggu pendaftar').waitFor();
    await a.getByText('Menunggu kami').waitFor();
    await a
      .getByRole('table', { name: 'Per peninjau (30 hari terakhir)' })
      .getByRole('rowheader', { name: MERCHANTS_ADMIN.email })
      .waitFor();
    expect(await seriousViolations(a)).toEqual([]);

    await a.goto('/admin/audit?action=note_added');
    await a.getByRole('button', { name: 'Ekspor CSV' }).waitFor();
    expect(await seriousViolations(a)).toEqual([]);
    const download = a.waitForEvent('download');
    await a.getByRole('button', { name: 'Ekspor CSV' }).click();
    const file = await download;
    const csv = await (await file.createReadStream()).toArray();
    const body = Buffer.concat(csv as Buffer[]).toString('utf8');
    expect(body.split('\n')[0]).toContain('Waktu (WIB),Aksi,Admin,Tabel,ID Target,Perubahan');
    expect(body).toContain('note_added');
    expect(body).not.toContain('Pemilik menelepon');
  });
});
