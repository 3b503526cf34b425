import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_MESSAGES } from '../../src/domain/merchants.js';
import { MAINTENANCE_MESSAGE } from '../../src/domain/settings.js';
import { registerInOwnContext, type Registered } from './support/admin-documents-setup.js';
import { MERCHANTS_ADMIN, rowOf, setStatusThroughApi } from './support/admin-merchants-setup.js';
import { teamSuite } from './support/team-suite.js';

const SECOND_ADMIN = { email: 'reviewer-two@aipos.test', password: 'gado-gado-bumbu-kacang' };

/**
 * The reviewer's workbench in the browser (decision 0022): the queue against the promise, the review screen,
 * decisions by keyboard and the duplicate panel. Its own server on PostgreSQL, so that a merchant can be
 * dated back five working days in the database the server reads.
 */
const suite = teamSuite(SECOND_ADMIN);
// Registered in this order; `old` is then moved five working days back, to the head of the queue.
let old: Registered;
let second: Registered;
let third: Registered;

/** 09:00 WIB on the weekday five weekdays before today (WIB). */
function fiveWorkingDaysAgo(): Date {
  const day = new Date(Date.now() + 7 * 3_600_000);
  day.setUTCHours(0, 0, 0, 0);
  for (let weekdays = 0; weekdays < 5;) {
    day.setUTCDate(day.getUTCDate() - 1);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) weekdays += 1;
  }
  return new Date(day.getTime() + 2 * 3_600_000);
}

beforeAll(async () => {
  // The fixture's applicant has the same NIK and account every time: the three are duplicates of each other.
  old = await registerInOwnContext(suite.browser, suite.server.baseUrl, { nama_toko: 'Toko Menunggu Lama' });
  second = await registerInOwnContext(suite.browser, suite.server.baseUrl, { nama_toko: 'Toko Kedua' });
  third = await registerInOwnContext(suite.browser, suite.server.baseUrl, { nama_toko: 'Toko Ketiga' });
  const since = fiveWorkingDaysAgo();
  await suite.database.query('update merchants set submitted_at = $1, queued_at = $1 where id = $2', [since, old.id]);
});

describe('the queue', () => {
  it('is the admin landing page, oldest first, with Terlambat for five working days and the overdue count in the header', async () => {
    const page = await suite.adminPage();
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Antrean', level: 1 }).waitFor();
    const oldRow = rowOf(page, old.kode_pendaftaran);
    await oldRow.waitFor();
    const badge = oldRow.getByTestId('sla-badge');
    expect(await badge.innerText()).toMatch(/^Terlambat\s*·\s*\d+ hari kerja$/);
    expect(Number(/(\d+) hari kerja/.exec(await badge.innerText())?.[1])).toBeGreaterThan(3);
    expect(await rowOf(page, second.kode_pendaftaran).getByTestId('sla-badge').innerText()).toMatch(/^Tepat waktu/);
    // Oldest first: the merchant dated back heads the queue.
    // The first column is each row's selection box for the bulk bar; the code follows it.
    const codes = await page.locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(codes.map((code) => code.trim())).toEqual([old.kode_pendaftaran, second.kode_pendaftaran, third.kode_pendaftaran]);
    // Same NIK and account: every row carries the duplicate mark, named for screen readers.
    await oldRow.getByRole('img', { name: 'Kemungkinan duplikat' }).waitFor();
    expect(await page.getByTestId('overdue-count').innerText()).toContain('1 terlambat');
  });

  it('the dashboard counts them and draws the last 30 days', async () => {
    const page = await suite.adminPage();
    await page.goto('/admin/dashboard');
    const counts = page.getByRole('region', { name: 'Jumlah merchant' });
    await counts.waitFor();
    expect(await counts.innerText()).toMatch(/Sedang Diproses\s+3\b/);
    expect(await counts.innerText()).toMatch(/Terlambat \(lebih dari 3 hari kerja\)\s+1\b/);
    // All three registered within the 30 days, none decided yet.
    await page.getByRole('img', { name: 'Grafik 30 hari terakhir: Pendaftaran 3, Keputusan 0' }).waitFor();
  });
});

describe('the review screen', () => {
  it('shows the KTP large, beside the NIK it proves', async () => {
    const page = await suite.adminPage();
    await page.goto(`/admin/merchants/${old.id}/review`);
    await page.getByRole('heading', { name: `Tinjau: ${old.nama_toko}`, level: 1 }).waitFor();
    const ktp = page.getByRole('img', { name: 'Dokumen KTP', exact: true });
    await ktp.waitFor();
    await page.waitForFunction(() => [...document.images].some((img) => img.alt === 'Dokumen KTP' && img.complete && img.naturalWidth > 0));
    const data = page.getByRole('region', { name: 'Data yang dibuktikan KTP' });
    // Masked to the last four; the birth date and sex wait for 'Tampilkan'.
    expect(await data.innerText()).toMatch(/NIK\s+•••• •••• •••• 0003/);
    expect(await data.innerText()).not.toContain('Tanggal lahir (dari NIK)');
    const [image, panel] = await Promise.all([ktp.boundingBox(), data.boundingBox()]);
    // Beside, not below: the data starts to the right of the document, within the same screen height.
    expect(image && panel && panel.x >= image.x + image.width).toBe(true);
    expect(panel && panel.y < 1000).toBe(true);
    // The number keys open the other documents; 2 is the selfie, shown with the KTP again to compare.
    await page.keyboard.press('2');
    await page.getByRole('heading', { name: 'Dokumen 2 dari 7: Selfie KTP' }).waitFor();
    await page.getByRole('img', { name: 'KTP untuk perbandingan' }).waitFor();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Pintasan Keyboard' });
    await help.waitFor();
    expect(await help.innerText()).toContain('Verifikasi');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
  });

  it('a decision by keyboard (V, then Enter) verifies the merchant and opens the next in the queue', async () => {
    const page = await suite.adminPage();
    await page.goto(`/admin/merchants/${old.id}/review`);
    await page.getByRole('heading', { name: `Tinjau: ${old.nama_toko}`, level: 1 }).waitFor();
    // A ticked box keeps the focus; the shortcut still works from there.
    await page.getByRole('checkbox', { name: 'Terbaca' }).check();
    await page.getByRole('checkbox', { name: 'Sesuai data' }).check();
    await page.keyboard.press('v');
    const dialog = page.getByRole('dialog', { name: 'Ubah Status Merchant' });
    await dialog.getByText('Keputusan: Verifikasi').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/admin/merchants/${second.id}/review`);
    await page.getByRole('heading', { name: `Tinjau: ${second.nama_toko}`, level: 1 }).waitFor();

    const stored = await suite.database.query<{ status: string }>('select status from merchants where id = $1', [old.id]);
    expect(stored[0]?.status).toBe('verified');
    // The checklist went with the decision, into its audit entry.
    const audit = await suite.database.query<{ diff: { checklist?: unknown } }>(
      "select diff from audit_logs where target_id = $1 and action = 'status_change' order by id desc limit 1",
      [old.id],
    );
    expect(audit[0]?.diff.checklist).toEqual({ foto_ktp: { readable: true, matches: true } });
  });

  it('J and K walk the queue', async () => {
    const page = await suite.adminPage();
    await page.goto(`/admin/merchants/${second.id}/review`);
    await page.getByRole('heading', { name: `Tinjau: ${second.nama_toko}`, level: 1 }).waitFor();
    await page.getByText(/Antrean 1 dari 2/).waitFor();
    await page.keyboard.press('j');
    await page.getByRole('heading', { name: `Tinjau: ${third.nama_toko}`, level: 1 }).waitFor();
    await page.keyboard.press('k');
    await page.getByRole('heading', { name: `Tinjau: ${second.nama_toko}`, level: 1 }).waitFor();
  });
});

describe('two reviewers', () => {
  it('each sees that the other has the merchant open in review', async () => {
    const [first, other] = await Promise.all([suite.adminPage(), suite.adminPage(SECOND_ADMIN)]);
    await first.goto(`/admin/merchants/${second.id}/review`);
    await first.getByRole('heading', { name: `Tinjau: ${second.nama_toko}`, level: 1 }).waitFor();
    await other.goto(`/admin/merchants/${second.id}/review`);
    await other.getByText(`Sedang ditinjau juga oleh ${MERCHANTS_ADMIN.email}`).waitFor();
    await first.getByText(`Sedang ditinjau juga oleh ${SECOND_ADMIN.email}`).waitFor();
    // Leaving the screen takes the banner away from the one who stays.
    await other.goto('/admin');
    await first.getByText(/Sedang ditinjau juga oleh/).waitFor({ state: 'detached' });
  });

  it('a decision on a merchant another admin has decided meanwhile gets the stale-save 409, as on the edit screen', async () => {
    const page = await suite.adminPage();
    await page.goto(`/admin/merchants/${third.id}/review`);
    await page.getByRole('heading', { name: `Tinjau: ${third.nama_toko}`, level: 1 }).waitFor();
    await page.keyboard.press('v');
    await page.getByRole('dialog', { name: 'Ubah Status Merchant' }).getByText('Keputusan: Verifikasi').waitFor();
    await setStatusThroughApi(page.context().request, third.id, 'rejected');
    await page.getByRole('button', { name: 'Simpan' }).click();
    const alert = page.getByRole('alert').filter({ hasText: MERCHANT_MESSAGES.staleSave });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Muat Ulang' }).waitFor();
    expect(page.url()).toContain(`/admin/merchants/${third.id}/review`);
    const stored = await suite.database.query<{ status: string }>('select status from merchants where id = $1', [third.id]);
    expect(stored[0]?.status).toBe('rejected');
  });
});

describe('duplicates', () => {
  it('the detail names the other merchants with the same NIK and account, linked', async () => {
    const page = await suite.adminPage();
    await page.goto(`/admin/merchants/${second.id}`);
    const panel = page.getByRole('region', { name: 'Kemungkinan Duplikat' });
    await panel.waitFor();
    const link = panel.getByRole('link', { name: old.nama_toko });
    await link.waitFor();
    expect(await panel.innerText()).toContain('Sama: NIK, No. Rekening');
    await link.click();
    await page.waitForURL(`**/admin/merchants/${old.id}`);
    await page.getByRole('heading', { name: old.nama_toko, level: 1 }).waitFor();
  });
});

describe('maintenance mode', () => {
  it('the wizard and the fix page say so instead of offering their forms; off again, the wizard is back', async () => {
    const page = await suite.adminPage();
    const request = page.context().request;
    const fix = await request.post(`/api/admin/merchants/${second.id}/status`, {
      data: { status: 'data_tidak_lengkap', catatan_admin: null, perbaikan: [{ field: 'foto_ktp', alasan: 'Foto buram' }] },
    });
    expect(fix.status()).toBe(200);
    // The link went to the applicant's mail only (no SMTP here): the open request gets a token this test knows.
    const token = randomBytes(32).toString('base64url');
    await suite.database.query(
      'update fix_requests set token_hash = $1 where merchant_id = $2 and used_at is null and superseded_at is null',
      [createHash('sha256').update(token).digest('hex'), second.id],
    );
    const settings = (await (await request.get('/api/admin/settings')).json()) as Record<string, unknown>;
    expect((await request.put('/api/admin/settings', { data: { ...settings, maintenance_mode: true } })).status()).toBe(200);
    try {
      const visitor = await (await suite.browser.newContext({ baseURL: suite.server.baseUrl, locale: 'id-ID' })).newPage();
      await visitor.goto('/register');
      await visitor.getByRole('alert').filter({ hasText: MAINTENANCE_MESSAGE }).waitFor();
      expect(await visitor.getByRole('form', { name: 'Data Toko' }).count()).toBe(0);
      await visitor.goto(`/perbaikan/${token}`);
      await visitor.getByRole('alert').filter({ hasText: MAINTENANCE_MESSAGE }).waitFor();
      expect(await visitor.getByRole('button', { name: 'Kirim Perbaikan' }).count()).toBe(0);
      await visitor.context().close();
    } finally {
      await request.put('/api/admin/settings', { data: { ...settings, maintenance_mode: false } });
    }
    const visitor = await (await suite.browser.newContext({ baseURL: suite.server.baseUrl, locale: 'id-ID' })).newPage();
    await visitor.goto('/register');
    await visitor.getByRole('form', { name: 'Data Toko' }).waitFor();
    await visitor.context().close();
  });
});
