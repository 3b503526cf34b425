import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../tests/support/admin-session.js';
import { buildTestApp, type TestApp } from '../../../tests/support/build-test-app.js';
import { distinctPhoto, seeded } from '../../../tests/support/check-photos.js';
import { fixLinkFromOutbox, requestFix } from '../../../tests/support/fix-link.js';
import { drawKtpCard, randomKtpPerson } from '../../../tests/support/ktp-card.js';
import {
  APPLICANT,
  GENEROUS_LIMITS,
  multipartBody,
  registerMerchant,
  stageDocument,
  stageRequiredDocuments,
  type RequiredSlot,
} from '../../../tests/support/registration-fixtures.js';
import type { MachineCheck } from '../../domain/machine-checks.js';
import { queryRows } from '../db/query-rows.js';
import { jobs, merchantChecks } from '../db/schema.js';

const BASE = 'https://merchant.aipos.test';
const OTHER_NIK = '3174015503900027';
/** Another woman's NIK, born 2 July 1985 (day 02 + 40). */
const OTHER_PERSON_NIK = '3174014207850027';

/**
 * A card with this NIK as a phone would send it (JPEG). By default it prints the applicant's name and 15 March
 * 1990, the birth date of a woman that both APPLICANT's NIK and OTHER_NIK hold.
 */
async function ktpCard(
  nik: string,
  seed: number,
  nama: string = APPLICANT.nama_pemilik.toUpperCase(),
  tanggalLahir = '1990-03-15',
): Promise<Buffer> {
  const person = { ...randomKtpPerson(seeded(seed)), nik, nama, tanggal_lahir: tanggalLahir, jenis_kelamin: 'PEREMPUAN' as const };
  return sharp(await drawKtpCard(person))
    .jpeg({ quality: 90 })
    .toBuffer();
}

// OCR and photo comparison run inside the tests (runUntilIdle): seconds each, more on a busy machine.
describe('machine checks: jobs after submission, GET /api/admin/merchants/{id}/checks', { timeout: 240_000 }, () => {
  let t: TestApp;
  let cookie: string;
  let seed = 1;

  beforeAll(async () => {
    t = await buildTestApp({ env: { ...GENEROUS_LIMITS, PUBLIC_BASE_URL: BASE } });
    ({ cookie } = await signIn(t.app));
  });
  afterAll(async () => {
    await t.close();
  });

  type Registered = { id: string; kode: string };

  /** A registration whose photos are its own (distinct from every other test's), with these replaced. */
  async function register(
    photos: Partial<Record<RequiredSlot, Buffer>> = {},
    overrides: Record<string, unknown> = {},
  ): Promise<Registered> {
    const documents = await stageRequiredDocuments(t.app, (slot) => photos[slot] ?? distinctPhoto((seed += 1)));
    const { id, kode_pendaftaran: kode } = await registerMerchant(t.app, overrides, documents);
    return { id, kode };
  }

  const checksOf = async (id: string): Promise<MachineCheck[]> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/merchants/${id}/checks`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json().checks as MachineCheck[];
  };
  const find = (checks: MachineCheck[], kind: string, slot?: string) => checks.find((c) => c.kind === kind && c.slot === slot);
  const storedRows = async (id: string) => t.database.db.select().from(merchantChecks).where(eq(merchantChecks.merchantId, id));
  /** Both registrations are warned that their KTP photo is the other's. */
  const expectKtpPhotosPaired = async (a: Registered, b: Registered) => {
    for (const [self, other] of [
      [a, b],
      [b, a],
    ] as const) {
      expect(find(await checksOf(self.id), 'foto_duplikat', 'foto_ktp')).toMatchObject({
        result: 'peringatan',
        detail: `Foto KTP sama dengan ${other.kode}`,
      });
    }
  };

  it('reads the KTP: cocok when the card holds the typed NIK, berbeda (masked) when another', async () => {
    const same = await register({ foto_ktp: await ktpCard(APPLICANT.nik, 11) });
    // Somebody else's card: another name, another NIK, another birth date.
    const other = await register({ foto_ktp: await ktpCard(OTHER_PERSON_NIK, 12, 'DEWI KUSUMA', '1985-07-02') });
    // Queued in the registration's transaction, not yet run: waiting.
    expect(find(await checksOf(same.id), 'ktp_ocr', 'foto_ktp')).toMatchObject({
      result: 'menunggu',
      detail: 'Pemeriksaan sedang berjalan',
      checked_at: null,
    });

    await t.app.checks.queue.runUntilIdle();

    const mine = await checksOf(same.id);
    // The NIK decides; the name and the birth date the card holds are told beside it.
    expect(find(mine, 'ktp_ocr', 'foto_ktp')).toMatchObject({
      result: 'lulus',
      detail: 'NIK pada foto KTP cocok dengan NIK yang diisi; nama cocok; tanggal lahir cocok',
    });
    expect(find(await checksOf(other.id), 'ktp_ocr', 'foto_ktp')).toMatchObject({
      result: 'gagal',
      detail: 'NIK pada foto KTP berbeda: •••• •••• •••• 0027; nama berbeda: DEWI KUSUMA; tanggal lahir berbeda',
    });
    // The consistency checks; two people's cards of one template are not the same photo.
    expect(find(mine, 'nama_rekening')).toMatchObject({ result: 'lulus', detail: 'Nama rekening sesuai nama pemilik' });
    expect(find(mine, 'struktur_nik')).toMatchObject({ result: 'lulus', detail: 'Struktur NIK wajar' });
    expect(find(mine, 'provinsi_nik')).toMatchObject({ result: 'lulus', detail: 'Provinsi pada NIK sesuai provinsi alamat' });
    expect(find(mine, 'foto_duplikat', 'foto_ktp')).toMatchObject({
      result: 'lulus',
      detail: 'Tidak ada foto yang sama pada pendaftaran lain',
    });
    expect(find(mine, 'kualitas_foto', 'foto_ktp')).toMatchObject({ result: 'lulus' });
    expect(mine.every((c) => c.result !== 'menunggu' && c.checked_at !== null)).toBe(true);
    // The NIK read is stored masked only.
    expect(JSON.stringify(await storedRows(other.id))).not.toContain(OTHER_PERSON_NIK);
  });

  it('warns of an account holder other than the owner and a NIK issued in another province', async () => {
    const merchant = await register({}, { nama_rekening: 'Budi Santoso', provinsi: 'Jawa Barat' });
    await t.app.checks.queue.runUntilIdle();
    const checks = await checksOf(merchant.id);
    expect(find(checks, 'nama_rekening')).toMatchObject({ result: 'peringatan', detail: 'Nama rekening berbeda dengan nama pemilik' });
    expect(find(checks, 'provinsi_nik')).toMatchObject({
      result: 'peringatan',
      detail: 'Provinsi pada NIK berbeda dengan provinsi alamat',
    });
  });

  it('flags the same photo in two registrations on both, with the other code and slot', async () => {
    const card = await ktpCard(APPLICANT.nik, 21);
    const first = await register({ foto_ktp: card });
    await t.app.checks.queue.runUntilIdle();
    expect(find(await checksOf(first.id), 'foto_duplikat', 'foto_ktp')).toMatchObject({ result: 'lulus' });

    // The same card sent again, recompressed.
    const second = await register({ foto_ktp: await sharp(card).jpeg({ quality: 50 }).toBuffer() });
    await t.app.checks.queue.runUntilIdle();
    await expectKtpPhotosPaired(second, first);
    // Other slots of the two stay clear.
    expect(find(await checksOf(second.id), 'foto_duplikat', 'foto_usaha')).toMatchObject({ result: 'lulus' });
    // The workbench's duplicates panel names the photo beside the keys the two share.
    const panel = await t.app.inject({ method: 'GET', url: `/api/admin/merchants/${first.id}/duplicates`, headers: { cookie } });
    expect(panel.json()).toContainEqual(
      expect.objectContaining({ kode_pendaftaran: second.kode, matched_on: expect.arrayContaining(['foto']), photos: ['Foto KTP'] }),
    );
  });

  it('flags a copy cropped by 5 % and halved, whichever of the two came first', async () => {
    const card = await ktpCard(APPLICANT.nik, 61);
    const { width = 0, height = 0 } = await sharp(card).metadata();
    const [dx, dy] = [Math.round(width * 0.05), Math.round(height * 0.05)];
    const cropped = await sharp(card)
      .extract({ left: Math.round(dx * 0.3), top: Math.round(dy * 0.7), width: width - dx, height: height - dy })
      .resize(Math.round((width - dx) / 2))
      .jpeg({ quality: 80 })
      .toBuffer();
    // The crop first: the original, met later, is the larger photo (its windows find the crop).
    const first = await register({ foto_ktp: cropped });
    await t.app.checks.queue.runUntilIdle();
    const second = await register({ foto_ktp: card });
    await t.app.checks.queue.runUntilIdle();
    await expectKtpPhotosPaired(second, first);
    // Another crop of it, met after both: the crop of a stored photo's window.
    const third = await register({
      foto_ktp: await sharp(card)
        .extract({ left: dx, top: 0, width: width - dx, height: height - dy })
        .jpeg({ quality: 85 })
        .toBuffer(),
    });
    await t.app.checks.queue.runUntilIdle();
    expect(find(await checksOf(third.id), 'foto_duplikat', 'foto_ktp')?.detail).toContain(second.kode);
  });

  it('counts warnings per merchant in the queue and filters it to those with warnings', async () => {
    const flagged = await register({ foto_ktp: await ktpCard(APPLICANT.nik, 51) }, { nama_rekening: 'Agus Wijaya' });
    const clean = await register({ foto_ktp: await ktpCard(APPLICANT.nik, 52) });
    await t.app.checks.queue.runUntilIdle();
    const warningsOf = async (id: string) =>
      (await checksOf(id)).filter((c) => ['peringatan', 'gagal', 'tidak_terbaca'].includes(c.result)).length;
    const list = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/merchants?sort=queue&page_size=100${query}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      return response.json() as { items: { id: string; check_warnings: number }[]; total: number };
    };
    const all = await list('');
    // The account holder's warning comes on top of whatever the upload's quality check said of the photos.
    const flaggedCount = all.items.find((item) => item.id === flagged.id)?.check_warnings;
    expect(flaggedCount).toBe(await warningsOf(flagged.id));
    expect(all.items.find((item) => item.id === clean.id)?.check_warnings).toBe(await warningsOf(clean.id));
    expect(find(await checksOf(flagged.id), 'nama_rekening')).toMatchObject({ result: 'peringatan' });
    const warned = await list('&peringatan=ada');
    expect(warned.items.map((item) => item.id).sort()).toEqual(
      all.items
        .filter((item) => item.check_warnings > 0)
        .map((item) => item.id)
        .sort(),
    );
    expect(warned.items.map((item) => item.id)).toContain(flagged.id);
    expect(warned.total).toBe(warned.items.length);
  });

  it('checks a document again when a fix link replaces it, and stores each result once', async () => {
    const merchant = await register({ foto_ktp: await ktpCard(OTHER_NIK, 31) });
    await t.app.checks.queue.runUntilIdle();
    expect(find(await checksOf(merchant.id), 'ktp_ocr', 'foto_ktp')).toMatchObject({ result: 'gagal' });
    const before = (await storedRows(merchant.id)).length;

    const status = await requestFix(t.app, cookie, merchant.id, [{ field: 'foto_ktp', alasan: 'NIK berbeda' }], 'KTP tidak sesuai');
    expect(status.statusCode).toBe(200);
    const { token } = await fixLinkFromOutbox(t.database.db, merchant.id);
    const upload = await stageDocument(t.app, 'foto_ktp', await ktpCard(APPLICANT.nik, 32));
    const resubmit = await t.app.inject({
      method: 'POST',
      url: `/api/perbaikan/${token}`,
      payload: { fields: {}, documents: { foto_ktp: upload } },
    });
    expect(resubmit.statusCode).toBe(200);

    // The new card's checks wait; the unchanged values keep their results.
    const waiting = await checksOf(merchant.id);
    expect(find(waiting, 'ktp_ocr', 'foto_ktp')).toMatchObject({ result: 'menunggu' });
    expect(find(waiting, 'foto_duplikat', 'foto_ktp')).toMatchObject({ result: 'menunggu' });
    expect(find(waiting, 'nama_rekening')).toMatchObject({ result: 'lulus' });

    await t.app.checks.queue.runUntilIdle();
    expect(find(await checksOf(merchant.id), 'ktp_ocr', 'foto_ktp')).toMatchObject({
      result: 'lulus',
      detail: 'NIK pada foto KTP cocok dengan NIK yang diisi; nama cocok; tanggal lahir cocok',
    });
    // One row per check of the current versions: the replaced card's results went, nothing was doubled.
    expect((await storedRows(merchant.id)).length).toBe(before);

    // The same job queued again (a retry after a crash) finds every result stored and adds none.
    // Due by the app's clock: the column's default is the database's now(), in microseconds, which can stand a
    // fraction of a millisecond after the worker's Date and leave the job not yet due.
    await t.database.db
      .insert(jobs)
      .values({ kind: 'merchant_checks', payload: { merchantId: merchant.id }, nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await t.app.checks.queue.runUntilIdle()).toBe(1);
    expect((await storedRows(merchant.id)).length).toBe(before);
  });

  it('checks a photo an admin replaced', async () => {
    const card = await distinctPhoto(4100);
    const merchant = await register();
    const earlier = await register({ foto_usaha: card });
    await t.app.checks.queue.runUntilIdle();
    expect(find(await checksOf(merchant.id), 'foto_duplikat', 'foto_ktp')).toMatchObject({ result: 'lulus' });

    const body = await multipartBody([{ name: 'foto_ktp', data: card, filename: 'ganti.jpg', contentType: 'image/jpeg' }]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/merchants/${merchant.id}/documents/foto_ktp`,
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    await t.app.checks.queue.runUntilIdle();
    expect(find(await checksOf(merchant.id), 'foto_duplikat', 'foto_ktp')).toMatchObject({
      result: 'peringatan',
      detail: `Foto KTP sama dengan ${earlier.kode} (Foto Usaha)`,
    });
    expect(find(await checksOf(earlier.id), 'foto_duplikat', 'foto_usaha')).toMatchObject({
      result: 'peringatan',
      detail: `Foto Usaha sama dengan ${merchant.kode} (Foto KTP)`,
    });
  });

  it('answers only signed-in admins, 404 for an unknown merchant', async () => {
    const url = '/api/admin/merchants/00000000-0000-4000-8000-000000000000/checks';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'MERCHANT_NOT_FOUND', message: expect.any(String) } });
  });
});

describe('migration 0021: hashes of the earlier kind are dropped and hashed again', { timeout: 240_000 }, () => {
  it('queues the checks of every registration that had hashes, and the same photos are flagged again', async () => {
    const t = await buildTestApp({ env: GENEROUS_LIMITS });
    try {
      const { cookie } = await signIn(t.app);
      const register = async (ktp: Buffer, seed: number) => {
        const documents = await stageRequiredDocuments(t.app, (slot, i) =>
          slot === 'foto_ktp' ? ktp : distinctPhoto(7000 + seed * 10 + i),
        );
        return (await registerMerchant(t.app, {}, documents)).id;
      };
      const duplicateOf = async (id: string) => {
        const response = await t.app.inject({ method: 'GET', url: `/api/admin/merchants/${id}/checks`, headers: { cookie } });
        return (response.json().checks as MachineCheck[]).find((c) => c.kind === 'foto_duplikat' && c.slot === 'foto_ktp');
      };
      const card = await ktpCard(APPLICANT.nik, 71);
      const first = await register(card, 1);
      const second = await register(card, 2);
      await t.app.checks.queue.runUntilIdle();
      expect(await duplicateOf(second)).toMatchObject({ result: 'peringatan' });

      // The migration's own statements after its index changes (those ran when the database was made).
      const sqlText = readFileSync(new URL('../../../drizzle/0021_photo_hash_bands.sql', import.meta.url), 'utf8');
      const statements = sqlText
        .split('--> statement-breakpoint')
        .map((part) => part.trim())
        .filter((part) => !/^(DROP|CREATE) INDEX/.test(part));
      for (const statement of statements) await queryRows(t.database.db, statement, []);

      expect(await queryRows(t.database.db, 'select 1 from photo_hashes', [])).toHaveLength(0);
      expect(await duplicateOf(first)).toMatchObject({ result: 'menunggu' });
      const queued = await t.database.db.select().from(jobs).where(eq(jobs.state, 'pending'));
      expect(queued.map((job) => (job.payload as { merchantId: string }).merchantId).sort()).toEqual([first, second].sort());

      expect(await t.app.checks.queue.runUntilIdle()).toBe(2);
      expect(await duplicateOf(first)).toMatchObject({ result: 'peringatan' });
      expect(await duplicateOf(second)).toMatchObject({ result: 'peringatan' });
    } finally {
      await t.close();
    }
  });
});
