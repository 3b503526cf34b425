import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../tests/support/admin-session.js';
import { buildAppOnDataDir, buildTestApp, TEST_DATA_ENCRYPTION_KEY } from '../../../tests/support/build-test-app.js';
import { legacyCiphertext } from '../../../tests/support/legacy-ciphertext.js';
import { GENEROUS_LIMITS, registerMerchant } from '../../../tests/support/registration-fixtures.js';
import { createBackup } from '../backup/backup.js';
import { parseConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { merchantAccountNumber, merchantNik } from '../db/merchant-columns.js';
import { queryRows } from '../db/query-rows.js';
import { installKeyringFromConfig } from './key-source.js';
import { KeyringError } from './keyring.js';

const PEOPLE = [
  { nik: '3174015503900001', no_rekening: '5550001112', email: 'satu@example.com' },
  { nik: '3275046609850002', no_rekening: '9876543210123', email: 'dua@example.com' },
];
const SECRETS = PEOPLE.flatMap((p) => [p.nik, p.no_rekening]);

const temp = mkdtempSync(path.join(tmpdir(), 'aipos-at-rest-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Every file below a folder, read whole. */
function filesBelow(dir: string): Buffer[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => readFileSync(file));
}

function expectNoSecretIn(haystacks: Buffer[]): void {
  expect(haystacks.length).toBeGreaterThan(0);
  for (const secret of SECRETS) {
    expect(
      haystacks.some((bytes) => bytes.includes(secret)),
      `${secret} found in clear`,
    ).toBe(false);
  }
}

describe('NIK and account numbers at rest', () => {
  it('stores ciphertext and a keyed hash, and the admin search finds a merchant by its whole NIK or account number', async () => {
    const t = await buildTestApp({ env: GENEROUS_LIMITS });
    try {
      for (const person of PEOPLE) await registerMerchant(t.app, person);
      const rows = await queryRows<{ nik: string; no_rekening: string; nik_hash: string | null }>(
        t.database.db,
        'select nik, no_rekening, nik_hash from merchants',
        [],
      );
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.nik).toMatch(/^enc:v2:[0-9a-f]{8}:/);
        expect(row.no_rekening).toMatch(/^enc:v2:[0-9a-f]{8}:/);
        expect(row.nik_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
      }
      const { cookie } = await signIn(t.app);
      const search = async (q: string) => {
        // In the POST body, as the admin screen sends an identity number (a URL carrying one is refused).
        const response = await t.app.inject({ method: 'POST', url: '/api/admin/merchants/search', headers: { cookie }, payload: { q } });
        expect(response.statusCode).toBe(200);
        return response.json().items.map((item: { email: string }) => item.email);
      };
      expect(await search('3275046609850002')).toEqual(['dua@example.com']);
      expect(await search('3275 0466 0985 0002')).toEqual(['dua@example.com']);
      expect(await search('5550001112')).toEqual(['satu@example.com']);
      expect(await search('555-000-1112')).toEqual(['satu@example.com']);
      // Exact only: part of a NIK finds nothing (the ciphertext cannot be searched by substring).
      expect(await search('327504660985')).toEqual([]);
      if (t.databaseUrl) {
        // pg_dump of the whole database, as a backup operator would take it.
        const dump = execFileSync('pg_dump', ['--no-owner', t.databaseUrl], { maxBuffer: 64 * 1024 * 1024 });
        expect(dump.includes('enc:v2:')).toBe(true);
        expectNoSecretIn([dump]);
      }
    } finally {
      await t.close();
    }
  });

  it('leaves no NIK or account number in clear in the PGlite directory or in a backup archive', async () => {
    const dataDir = path.join(temp, 'data');
    const { app, config, close } = await buildAppOnDataDir(dataDir, { DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY, ...GENEROUS_LIMITS });
    for (const person of PEOPLE) await registerMerchant(app, person);
    await close();
    expectNoSecretIn(filesBelow(path.join(dataDir, 'pgdata')));

    const archive = path.join(temp, 'backup.tar.gz');
    await createBackup({ config, out: archive });
    const tar = gunzipSync(readFileSync(archive));
    expect(tar.includes('enc:v2:')).toBe(true);
    expectNoSecretIn([tar]);
  }, 120_000);

  it('seals unbound v1 values to their row when the database opens, and never adopts a clear value', async () => {
    const dataDir = path.join(temp, 'legacy');
    installKeyringFromConfig(parseConfig({ DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY }), { info: () => {} });
    const first = await openDatabase({ kind: 'pglite', dataDir });
    const insert = (code: string, nik: string, account: string) =>
      first.db.execute(sql`
        insert into merchants (kode_pendaftaran, nama_toko, kategori_usaha, alamat_jalan, kecamatan, kota_kab, provinsi, kode_pos,
          nama_pemilik, nik, no_hp, email, alamat_pemilik, nama_bank, no_rekening, nama_rekening)
        values (${code}, 'Toko Lama', 'Retail', 'Jl. Lama No. 1 Jakarta', 'Gambir', 'Jakarta Pusat', 'DKI Jakarta', '10110',
          'Budi Lama', ${nik}, '+6281234567890', 'lama@example.com', 'Jl. Lama No. 1', 'BCA', ${account}, 'BUDI LAMA')`);
    await insert(
      'AIP-OLD01',
      legacyCiphertext(TEST_DATA_ENCRYPTION_KEY, '3174015503900001'),
      legacyCiphertext(TEST_DATA_ENCRYPTION_KEY, '1234567890'),
    );
    // Written in clear behind the app's back: a value without the prefix is an error, not data.
    await insert('AIP-CLEAR', '3275046609850002', '9876543210123');
    await first.close();

    const reopened = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const raw = await queryRows<{ kode_pendaftaran: string; nik: string; no_rekening: string; nik_hash: string | null }>(
        reopened.db,
        'select kode_pendaftaran, nik, no_rekening, nik_hash from merchants order by kode_pendaftaran',
        [],
      );
      expect(raw.map((row) => [row.kode_pendaftaran, row.nik.slice(0, 7), row.no_rekening.slice(0, 7)])).toEqual([
        ['AIP-CLEAR', '3275046', '9876543'],
        ['AIP-OLD01', 'enc:v2:', 'enc:v2:'],
      ]);
      expect([raw[0]!.nik_hash, typeof raw[1]!.nik_hash]).toEqual([null, 'string']);
      const rows = await reopened.db.query.merchants.findMany({ orderBy: (m, { asc }) => [asc(m.kodePendaftaran)] });
      const [clear, upgraded] = rows;
      expect([merchantNik(upgraded!), merchantAccountNumber(upgraded!)]).toEqual(['3174015503900001', '1234567890']);
      expect(() => merchantNik(clear!)).toThrow(new KeyringError('merchants.nik holds a value that is not sealed ciphertext'));

      // A sealed value copied into another row does not open there: no NIK can be moved between rows.
      await reopened.db
        .execute(sql`update merchants set no_rekening = (select no_rekening from merchants where kode_pendaftaran = 'AIP-OLD01'), nik = 'x'
        where kode_pendaftaran = 'AIP-CLEAR'`);
      const [moved] = await reopened.db.query.merchants.findMany({ where: (m, { eq }) => eq(m.kodePendaftaran, 'AIP-CLEAR') });
      expect(() => merchantAccountNumber(moved!)).toThrow(KeyringError);
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it('answers an admin a 500 for a moved value, never the number of the row it came from', async () => {
    const t = await buildTestApp({ env: GENEROUS_LIMITS });
    try {
      const [one, two] = [await registerMerchant(t.app, PEOPLE[0]!), await registerMerchant(t.app, PEOPLE[1]!)];
      await t.database.db.execute(
        sql`update merchants set no_rekening = (select no_rekening from merchants where id = ${one.id}) where id = ${two.id}`,
      );
      const { cookie } = await signIn(t.app);
      const reveal = await t.app.inject({
        method: 'POST',
        url: `/api/admin/merchants/${two.id}/reveal`,
        headers: { cookie },
        payload: { field: 'no_rekening' },
      });
      expect(reveal.statusCode).toBe(500);
      expect(reveal.body).not.toContain(PEOPLE[0]!.no_rekening);
      const own = await t.app.inject({
        method: 'POST',
        url: `/api/admin/merchants/${one.id}/reveal`,
        headers: { cookie },
        payload: { field: 'no_rekening' },
      });
      expect(own.json().value).toBe(PEOPLE[0]!.no_rekening);
    } finally {
      await t.close();
    }
  });
});
