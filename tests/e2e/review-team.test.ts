import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../budgets/support/axe.js';
import { createMerchantThroughApi, MERCHANTS_ADMIN, rowOf, type CreatedMerchant } from './support/admin-merchants-setup.js';
import { teamSuite } from './support/team-suite.js';

const REVIEWER_B = { email: 'reviewer-b@aipos.test', password: 'es-cendol-gula-aren' };

/**
 * Two reviewers at once: claims on the cases under review, 'Ambil Berikutnya', and the second approver.
 * A (the boot admin) and B each in their own browser context; the applicant's status page in a third.
 */
const suite = teamSuite(REVIEWER_B);
let a: Page;
let b: Page;
// Made in this order, so the queue (oldest first) is first, second, third. All share one NIK and
// account number: every one carries the duplicate warning.
let first: CreatedMerchant;
let second: CreatedMerchant;
let third: CreatedMerchant;

async function holderOf(id: string): Promise<string | null> {
  const rows = await suite.database.query<{ email: string | null }>(
    'select u.email from merchants m left join users u on u.id = m.claimed_by where m.id = $1',
    [id],
  );
  return rows[0]?.email ?? null;
}

beforeAll(async () => {
  [a, b] = await Promise.all([suite.adminPage(MERCHANTS_ADMIN), suite.adminPage(REVIEWER_B)]);
  first = await createMerchantThroughApi(a.context().request, 'Toko Tinjau Pertama');
  second = await createMerchantThroughApi(a.context().request, 'Toko Tinjau Kedua');
  third = await createMerchantThroughApi(a.context().request, 'Toko Tinjau Ketiga');
  // The second approver when a check or duplicate signal warns.
  const settings = (await (await a.context().request.get('/api/admin/settings')).json()) as Record<string, unknown>;
  const saved = await a.context().request.put('/api/admin/settings', {
    data: { ...settings, four_eyes: { selalu: false, saat_peringatan: true, omset_di_atas: null } },
  });
  expect(saved.status()).toBe(200);
});

describe('two reviewers', () => {
  it('A claims by opening the review; B sees the holder on the queue and cannot decide', async () => {
    await a.goto(`/admin/merchants/${first.id}/review`);
    await a.getByRole('heading', { name: `Tinjau: ${first.nama_toko}`, level: 1 }).waitFor();
    await expect.poll(() => holderOf(first.id)).toBe(MERCHANTS_ADMIN.email);

    await b.goto('/admin');
    await b.getByRole('heading', { name: 'Antrean', level: 1 }).waitFor();
    await rowOf(b, first.kode_pendaftaran).getByText(`Sedang ditinjau oleh ${MERCHANTS_ADMIN.email}`).waitFor();
    await rowOf(b, second.kode_pendaftaran).getByText('Belum diambil').waitFor();
    await b.getByRole('button', { name: 'Milik saya (0)' }).waitFor();
    await b.getByRole('button', { name: 'Belum diambil (2)' }).click();
    await b.waitForURL(/[?&]klaim=belum/);
    await rowOf(b, first.kode_pendaftaran).waitFor({ state: 'detached' });
    await b.getByRole('button', { name: 'Semua' }).click();
    await rowOf(b, first.kode_pendaftaran).waitFor();
    expect(await seriousViolations(b)).toEqual([]);

    await b.goto(`/admin/merchants/${first.id}/review`);
    await b
      .getByRole('status')
      .filter({ hasText: `Sedang ditinjau oleh ${MERCHANTS_ADMIN.email}` })
      .waitFor();
    await b.getByRole('button', { name: 'Ambil Alih' }).waitFor();
    expect(await b.getByRole('button', { name: /^Verifikasi/ }).isDisabled()).toBe(true);
    expect(await seriousViolations(b)).toEqual([]);
    // B's visit took nothing from A.
    expect(await holderOf(first.id)).toBe(MERCHANTS_ADMIN.email);
  });

  it("B's 'Ambil Berikutnya' claims and opens the oldest case nobody holds", async () => {
    await b.goto('/admin');
    await b.getByRole('button', { name: 'Ambil Berikutnya' }).click();
    await b.waitForURL(`**/admin/merchants/${second.id}/review`);
    await b.getByRole('heading', { name: `Tinjau: ${second.nama_toko}`, level: 1 }).waitFor();
    expect(await holderOf(second.id)).toBe(REVIEWER_B.email);
    expect(await holderOf(third.id)).toBeNull();
  });

  it('A approves a warned case first; B gives the second approval; the applicant sees verified only then', async () => {
    const applicant = await (
      await suite.browser.newContext({ baseURL: suite.server.baseUrl, locale: 'id-ID', timezoneId: 'Asia/Jakarta' })
    ).newPage();
    suite.contexts.push(applicant.context());
    const applicantStatus = async () => {
      await applicant.goto(`/status?code=${first.kode_pendaftaran}`);
      return applicant.getByTestId('status-badge').innerText();
    };

    await a.getByRole('button', { name: /^Verifikasi/ }).click();
    const dialog = a.getByRole('dialog', { name: 'Ubah Status Merchant' });
    await dialog.getByText('Keputusan: Verifikasi').waitFor();
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Nothing changed for the applicant yet, and A is told so rather than "berhasil diubah".
    await a.getByText('Persetujuan pertama tercatat: menunggu persetujuan admin lain').waitFor();
    await expect
      .poll(
        async () =>
          (
            await suite.database.query<{ at: Date | null }>('select persetujuan_pertama_at as at from merchants where id = $1', [first.id])
          )[0]?.at,
      )
      .not.toBeNull();
    const [stored] = await suite.database.query<{ status: string }>('select status from merchants where id = $1', [first.id]);
    expect(stored?.status).toBe('processing');
    expect(await applicantStatus()).toBe('Status: Sedang Diproses');

    await b.goto('/admin');
    await rowOf(b, first.kode_pendaftaran).getByText('Menunggu Persetujuan Kedua').waitFor();
    await b.goto(`/admin/merchants/${first.id}/review`);
    await b
      .getByRole('status')
      .filter({ hasText: `Menunggu Persetujuan Kedua: disetujui pertama oleh ${MERCHANTS_ADMIN.email}` })
      .waitFor();
    const verify = b.getByRole('button', { name: /^Verifikasi/ });
    await expect.poll(() => verify.isEnabled()).toBe(true);
    expect(await seriousViolations(b)).toEqual([]);
    await verify.click();
    const dialogB = b.getByRole('dialog', { name: 'Ubah Status Merchant' });
    await dialogB.getByText('Keputusan: Verifikasi').waitFor();
    await dialogB.getByRole('button', { name: 'Simpan' }).click();
    await b.getByText('Status merchant berhasil diubah').waitFor();
    await expect
      .poll(
        async () => (await suite.database.query<{ status: string }>('select status from merchants where id = $1', [first.id]))[0]?.status,
      )
      .toBe('verified');
    expect(await applicantStatus()).toBe('Status: Sudah Terverifikasi');
  });
});
