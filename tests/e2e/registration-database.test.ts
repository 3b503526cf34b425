import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { createRegistrationDatabase, type RegistrationDatabase } from './support/registration-database.js';
import {
  fillBank,
  fillOwner,
  fillStoreText,
  jpegFile,
  next,
  OWNER,
  pdfFile,
  pngFile,
  stepHeading,
  uploadFile,
} from './support/registration-wizard.js';
import { startServer, type RunningServer } from './support/server-process.js';

// The shared server's embedded database is locked by its process; rows are counted on a PostgreSQL of our own
// (the browser suite needs that server, as the README says: no silent skip when it is down).

let database: RegistrationDatabase;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  database = await createRegistrationDatabase();
  server = await startServer({ DATABASE_URL: database.url });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.drop();
});

type MerchantRow = Record<string, string | null>;

const SLOT_COLUMNS = ['foto_usaha', 'foto_produk', 'foto_ktp', 'foto_selfie_ktp', 'foto_kk', 'npwp_file', 'siup_nib_file'];

describe('registration lands in the database and storage exactly once', () => {
  it('stores one row with its documents; reload, back and a second visit add nothing', async () => {
    const context = await browser.newContext({ baseURL: server.baseUrl, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
    const page: Page = await context.newPage();
    await page.goto('/register');
    await fillStoreText(page);
    await uploadFile(page, 'Foto Usaha', await jpegFile('usaha.jpg'));
    await uploadFile(page, 'Foto Produk', await pngFile('produk.png', 40));
    await next(page);
    await fillOwner(page);
    await next(page);
    await stepHeading(page, 3, 'Dokumen').waitFor();
    await uploadFile(page, 'KTP', await jpegFile('ktp.jpg'));
    await uploadFile(page, 'Selfie KTP', await pngFile('selfie.png', 40));
    await uploadFile(page, 'Kartu Keluarga', await jpegFile('kk.jpg'));
    await uploadFile(page, 'SIUP/NIB', pdfFile('nib.pdf'));
    await next(page);
    await fillBank(page);
    await next(page);
    await page.getByRole('checkbox', { name: /Saya menyetujui pemrosesan data pribadi/ }).check();
    await page.getByRole('button', { name: 'Submit Pendaftaran' }).click();
    await page.waitForURL(/\/registrasi\/success\?code=/);
    const code = new URL(page.url()).searchParams.get('code') ?? '';
    expect(code).toMatch(/^AIP-[A-Z0-9_-]{5}$/);

    const rows = await database.query<MerchantRow>('select * from merchants where kode_pendaftaran = $1', [code]);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.status).toBe('processing');
    expect(row.email).toBe(OWNER.email.toLowerCase());
    expect(row.no_hp).toBe('+6281355552468');
    // Encrypted at rest (UU PDP): the row holds ciphertext and a keyed hash, never the NIK itself.
    expect(row.nik).toMatch(/^enc:v2:[0-9a-f]{8}:/);
    expect(row.nik).not.toContain(OWNER.nik.replaceAll(' ', ''));
    expect(row.consent_at).not.toBeNull();
    // Six documents chosen, six storage keys, each a file on disk; NPWP was left out.
    for (const column of SLOT_COLUMNS.filter((c) => c !== 'npwp_file')) {
      const key = row[column];
      expect(key, column).toBeTruthy();
      expect(key).not.toMatch(/^https?:/);
      const file = path.join(server.dataDir, 'files', ...key!.split('/'));
      expect(existsSync(file), `${column} at ${file}`).toBe(true);
      expect(statSync(file).size).toBeGreaterThan(0);
    }
    expect(row.npwp_file).toBeNull();
    const claimed = await database.query<{ n: string }>('select count(*)::text as n from uploads where claimed_by = $1', [row.id]);
    expect(claimed[0]!.n).toBe('6');

    // Reload, back to the wizard, its dialog, and the confirmation again.
    const submissions: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/registrations') submissions.push(request.url());
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Pendaftaran Berhasil!' }).waitFor();
    await page.goBack();
    const dialog = page.getByRole('dialog', { name: 'Pendaftaran Sudah Dikirim' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Lihat Konfirmasi' }).click();
    await page.waitForURL(/\/registrasi\/success\?code=/);
    await page.goBack();
    await page.goBack();
    await page.goForward();
    // Forward lands on the wizard, which knows this browser sent its registration: it shows that instead
    // of sending again, so once its dialog is up nothing more is on its way.
    await page.waitForURL(/\/register$/);
    await page.getByRole('dialog', { name: 'Pendaftaran Sudah Dikirim' }).waitFor();
    expect(submissions, 'no registration sent again').toEqual([]);

    const all = await database.query<{ n: string }>('select count(*)::text as n from merchants where email = $1', [
      OWNER.email.toLowerCase(),
    ]);
    expect(all[0]!.n).toBe('1');
    await context.close();
  });
});
