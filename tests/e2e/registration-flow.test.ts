import type { Page, Request } from 'playwright-core';
import { describe, expect } from 'vitest';
import { baseUrl, it, throttleUploads } from './support/browser.js';
import {
  BANK,
  expectToast,
  fileInput,
  fillBank,
  fillOwner,
  goForwardTo,
  jpegFile,
  OWN_CATEGORY,
  OWNER,
  pdfFile,
  pngFile,
  progressOf,
  requiredDocuments,
  stepHeading,
  STORE,
  uploadFile,
  uploadFiles,
} from './support/registration-wizard.js';

const CODE = /^AIP-[A-Z0-9_-]{5}$/;
const nbsp = (s: string | null) => (s ?? '').replaceAll('\u00a0', ' ');

/**
 * Records every value a progress bar shows, from the page itself: a small upload can finish between two
 * polls of the test, so the page keeps the history.
 */
async function recordProgress(p: Page): Promise<void> {
  await p.evaluate(() => {
    const seen: Record<string, string[]> = {};
    (window as unknown as { __progress: typeof seen }).__progress = seen;
    const record = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"]')) {
        const name = bar.getAttribute('aria-label') ?? '';
        const value = bar.getAttribute('aria-valuenow') ?? '';
        const list = (seen[name] ??= []);
        if (list.at(-1) !== value) list.push(value);
      }
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
}

/** The `name` of every form control on the page, sorted (the spec's field names). */
async function controlNames(p: Page): Promise<string[]> {
  return p.evaluate(() =>
    [...document.querySelectorAll('main input[name], main select[name], main textarea[name]')].map((el) => el.getAttribute('name')!).sort(),
  );
}

async function progressHistory(p: Page, label: string): Promise<number[]> {
  return p.evaluate(
    (name) => ((window as unknown as { __progress: Record<string, string[]> }).__progress[name] ?? []).map(Number),
    `Progres unggah ${label}`,
  );
}

describe('registration wizard, end to end', () => {
  it('registers with real JPG, PNG and PDF files, shows real progress, and never creates a second row', async ({ page }) => {
    const registrationPosts: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/registrations') registrationPosts.push(request);
    });

    await page.goto('/register');
    // The wizard is a lazy chunk (page budgets): it renders, and names the tab, after the load event.
    await stepHeading(page, 1, 'Data Toko').waitFor();
    expect(await page.title()).toBe('Daftar Merchant | AIPOS');
    const indicator = page.getByRole('navigation', { name: 'Langkah pendaftaran' });
    expect(await indicator.getByRole('listitem').count()).toBe(5);
    expect(nbsp(await indicator.locator('[aria-current="step"]').innerText())).toContain('Data Toko');

    // Step 1, with a category typed after Lainnya, a postal code typed with noise and a turnover in rupiah.
    await page.getByLabel('Nama Toko').fill(STORE.nama_toko);
    await page.getByLabel('Kategori Usaha').selectOption('Lainnya');
    await page.getByRole('textbox', { name: 'Kategori Usaha' }).fill(OWN_CATEGORY);
    await page.getByLabel('Alamat Lengkap').fill(STORE.alamat_jalan);
    await page.getByLabel('Kecamatan').fill(STORE.kecamatan);
    await page.getByLabel('Kota/Kabupaten').fill(STORE.kota_kab);
    await page.getByLabel('Provinsi').fill(STORE.provinsi);
    await page.getByLabel('Kode Pos').pressSequentially('12a8-10');
    expect(await page.getByLabel('Kode Pos').inputValue()).toBe('12810');
    await page.getByLabel('Status Tempat Usaha').selectOption('Sewa');
    await page.getByLabel('Omset per Bulan').pressSequentially(STORE.omset_per_bulan);
    expect(nbsp(await page.getByLabel('Omset per Bulan').inputValue())).toBe('Rp 15.000.000');

    // A slowed upload of a large PNG: the bar climbs through real progress while the chooser is disabled.
    await recordProgress(page);
    const unthrottle = await throttleUploads(page);
    const bigPng = await pngFile('toko-depan.png', 600);
    await fileInput(page, 'Foto Usaha').setInputFiles(bigPng);
    await progressOf(page, 'Foto Usaha').waitFor();
    expect(await fileInput(page, 'Foto Usaha').isDisabled()).toBe(true);
    await page.waitForFunction(
      () => document.querySelector('[aria-label="Progres unggah Foto Usaha"]')?.getAttribute('aria-valuenow') === '100',
      undefined,
      { timeout: 30_000 },
    );
    await unthrottle();
    const history = await progressHistory(page, 'Foto Usaha');
    expect(history.at(-1)).toBe(100);
    expect(history.some((value) => value > 0 && value < 100)).toBe(true);
    expect(history).toEqual([...history].sort((a, b) => a - b));
    expect(await fileInput(page, 'Foto Usaha').isDisabled()).toBe(false);
    const usaha = page.getByTestId('upload-Foto Usaha');
    expect(await usaha.innerText()).toContain('toko-depan.png');
    expect(await usaha.innerText()).toContain(`${(bigPng.buffer.length / 1048576).toFixed(2)} MB`);
    expect(await usaha.getByRole('img', { name: 'Pratinjau Foto Usaha' }).isVisible()).toBe(true);

    // The eye button opens the chosen file in a new tab.
    const eye = usaha.getByRole('link', { name: 'Lihat Foto Usaha di tab baru' });
    expect(await eye.getAttribute('target')).toBe('_blank');
    const [popup] = await Promise.all([page.context().waitForEvent('page'), eye.click()]);
    expect(popup.url()).toMatch(/^blob:/);
    await popup.close();

    await uploadFile(page, 'Foto Produk', await jpegFile('produk.jpg'));
    expect(await controlNames(page)).toEqual([
      'alamat_jalan',
      'foto_produk',
      'foto_usaha',
      'kategori_usaha',
      'kecamatan',
      'kode_pos',
      'kota_kab',
      'nama_toko',
      'omset_per_bulan',
      'provinsi',
      'tempat_usaha',
    ]);
    await goForwardTo(page, 2);

    // Step 2.
    await fillOwner(page);
    expect(await controlNames(page)).toEqual(['alamat_pemilik', 'email', 'nama_pemilik', 'nik', 'no_hp']);
    await goForwardTo(page, 3);

    // Step 3: JPG, PNG and a PDF for NPWP.
    await uploadFiles(page, { ...(await requiredDocuments()), 'Selfie KTP': await pngFile('selfie.png', 48), NPWP: pdfFile('npwp.pdf') });
    expect(await page.getByRole('img', { name: 'NPWP (PDF)' }).isVisible()).toBe(true);
    expect(await controlNames(page)).toEqual(['foto_kk', 'foto_ktp', 'foto_selfie_ktp', 'npwp_file', 'siup_nib_file']);
    await goForwardTo(page, 4);

    // Step 4.
    await fillBank(page);
    expect(await controlNames(page)).toEqual(['nama_bank', 'nama_rekening', 'no_rekening']);
    await goForwardTo(page, 5);

    // Step 5: everything entered, read-only, with thumbnails.
    const review = nbsp(await page.getByRole('form', { name: 'Konfirmasi' }).innerText());
    for (const text of [
      STORE.nama_toko,
      OWN_CATEGORY,
      STORE.alamat_jalan,
      '12810',
      'Sewa',
      'Rp 15.000.000',
      OWNER.nama_pemilik,
      OWNER.email,
      BANK.no_rekening,
      'npwp.pdf',
      'Tidak diunggah',
    ]) {
      expect(review).toContain(text);
    }
    for (const label of ['Foto Usaha', 'Foto Produk', 'KTP', 'Selfie KTP', 'Kartu Keluarga']) {
      expect(await page.getByRole('img', { name: `Pratinjau ${label}`, exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('textbox').count()).toBe(0);

    // Consent: unticked, links to the privacy notice in a new tab, and gates Submit.
    const consent = page.getByRole('checkbox', { name: /Saya menyetujui pemrosesan data pribadi/ });
    expect(await consent.isChecked()).toBe(false);
    const privacy = page.getByRole('link', { name: /Baca Kebijakan Privasi/ });
    expect(await privacy.getAttribute('href')).toBe('/privacy');
    expect(await privacy.getAttribute('target')).toBe('_blank');
    const submit = page.getByRole('button', { name: 'Submit Pendaftaran' });
    expect(await submit.isDisabled()).toBe(true);
    await consent.check();
    expect(await submit.isEnabled()).toBe(true);

    const response = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/registrations');
    await submit.click();
    expect((await response).status()).toBe(201);
    await expectToast(page, 'Pendaftaran berhasil!');
    await page.waitForURL(/\/registrasi\/success\?code=/);

    // The success page.
    await page.getByRole('heading', { name: 'Pendaftaran Berhasil!', level: 1 }).waitFor();
    const code = (await page.getByTestId('kode-pendaftaran').innerText()).trim();
    expect(code).toMatch(CODE);
    expect(new URL(page.url()).searchParams.get('code')).toBe(code);
    await page.getByText('Tanggal Pendaftaran').waitFor();
    const main = nbsp(await page.getByRole('main').innerText());
    for (const text of [OWNER.nama_pemilik, STORE.nama_toko, 'siti.rahayu@example.com', '+6281355552468', 'WIB', '1-3 hari kerja']) {
      expect(main).toContain(text);
    }
    expect(await page.getByRole('link', { name: 'Cek Status Pendaftaran' }).getAttribute('href')).toBe(`/status?code=${code}`);

    // The copy button: the code on the clipboard, the toast, and a confirmation that lasts 2 seconds.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await page.getByRole('button', { name: 'Salin kode pendaftaran' }).click();
    await expectToast(page, 'Berhasil disalin!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await page.getByRole('button', { name: 'Berhasil disalin!' }).waitFor();
    await page.getByRole('button', { name: 'Salin kode pendaftaran' }).waitFor({ timeout: 4000 });

    // The request carried consent, a per-wizard Idempotency-Key and the typed category.
    expect(registrationPosts).toHaveLength(1);
    const sent = registrationPosts[0]!;
    const body = JSON.parse(sent.postData() ?? '{}') as Record<string, unknown>;
    expect(body.consent).toBe(true);
    expect(body.kategori_usaha).toBe(OWN_CATEGORY);
    expect(body.omset_per_bulan).toBe(15_000_000);
    expect(Object.keys(body.documents as object).sort()).toEqual([
      'foto_kk',
      'foto_ktp',
      'foto_produk',
      'foto_selfie_ktp',
      'foto_usaha',
      'npwp_file',
    ]);
    const key = (await sent.allHeaders())['idempotency-key'];
    expect(key).toBeTruthy();

    // Reload: the same page, the same code, no new request.
    await page.reload();
    await page.getByRole('heading', { name: 'Pendaftaran Berhasil!' }).waitFor();
    expect((await page.getByTestId('kode-pendaftaran').innerText()).trim()).toBe(code);

    // Back to the wizard: the "already sent" dialog, not a fresh form.
    await page.goBack();
    await page.waitForURL(/\/register$/);
    const dialog = page.getByRole('dialog', { name: 'Pendaftaran Sudah Dikirim' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(code);
    await dialog.getByRole('button', { name: 'Lihat Konfirmasi' }).click();
    await page.waitForURL(`**/registrasi/success?code=${encodeURIComponent(code)}`);
    expect(registrationPosts).toHaveLength(1);

    // /register/success is the same page.
    await page.goto(`/register/success?code=${encodeURIComponent(code)}`);
    await page.getByRole('heading', { name: 'Pendaftaran Berhasil!' }).waitFor();
    await page.getByText(OWNER.nama_pemilik).first().waitFor();

    // The server agrees: the same key again is the same registration, not a second row.
    const replay = await fetch(`${baseUrl()}/api/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key! },
      body: sent.postData() ?? '',
    });
    expect([200, 201]).toContain(replay.status);
    const replayed = (await replay.json()) as Record<string, unknown>;
    expect(replayed.kode_pendaftaran).toBe(code);
    // No internal id in the public answer, and none remembered by the browser (UU PDP review).
    expect(replayed).not.toHaveProperty('id');
    expect(await page.evaluate(() => sessionStorage.getItem('aipos.registration.merchantId'))).toBeNull();
  });

  it('sends a success page without a code, or with an unknown one, back to the wizard', async ({ page }) => {
    await page.goto('/registrasi/success');
    await page.waitForURL(/\/register$/);
    await page.goto('/registrasi/success?code=AIP-ZZZZZ');
    await page.waitForURL(/\/register$/);
    await stepHeading(page, 1, 'Data Toko').waitFor();
  });
});
