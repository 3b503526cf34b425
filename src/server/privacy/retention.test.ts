import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedIn } from '../../../tests/support/admin-session.js';
import { testClock } from '../../../tests/support/auth-test-kit.js';
import { buildTestApp, testAppPerSuite, type TestApp } from '../../../tests/support/build-test-app.js';
import { clearIdentity } from '../../../tests/support/clear-identity.js';
import { insertOrder } from '../../../tests/support/order-fixtures.js';
import { GENEROUS_LIMITS, registerMerchant } from '../../../tests/support/registration-fixtures.js';
import { merchantNik } from '../db/merchant-columns.js';
import { queryRows } from '../db/query-rows.js';
import { auditLogs, merchants, orders, uploads } from '../db/schema.js';
import { listRetentionDue, PURGED_MARKER, purgeDueMerchants } from './retention.js';

const DAY = 24 * 3_600_000;

describe('retention of personal data (UU PDP)', () => {
  const clock = testClock('2026-01-05T03:00:00.000Z');
  let t: TestApp;
  let admin: SignedIn;
  const ids: Record<string, string> = {};
  const call = (method: 'POST' | 'DELETE' | 'GET', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const idOf = async (kode: string) =>
    (await t.database.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.kodePendaftaran, kode)))[0]!.id;

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now, env: GENEROUS_LIMITS });
    admin = await signIn(t.app);
    for (const [name, email] of [
      ['rejected', 'tolak@example.com'],
      ['deleted', 'hapus@example.com'],
      ['verified', 'oke@example.com'],
      ['recent', 'baru@example.com'],
    ] as const) {
      ids[name] = await idOf((await registerMerchant(t.app, { email, nama_toko: `Toko ${name}` })).kode_pendaftaran);
    }
    expect(
      (
        await call('POST', `/api/admin/merchants/${ids.rejected}/status`, {
          status: 'rejected',
          catatan_admin: 'KTP tidak terbaca',
          kode_alasan: ['data_ganda'],
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/admin/merchants/${ids.deleted}`)).statusCode).toBe(204);
    expect((await call('POST', `/api/admin/merchants/${ids.verified}/status`, { status: 'verified' })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const deps = () => ({ ...t.app.deps, config: t.config });

  it('keeps everything inside the windows', async () => {
    clock.advance(29 * DAY);
    expect(await listRetentionDue(deps())).toEqual([]);
    expect(await purgeDueMerchants(deps())).toBe(0);
  });

  it('removes the documents and personal data of a deleted merchant after 30 days and of a rejected one after 180', async () => {
    clock.advance(2 * DAY);
    expect((await listRetentionDue(deps())).map((item) => [item.nama_toko, item.reason])).toEqual([['Toko deleted', 'deleted']]);
    const filesBefore = (await t.database.db.select().from(uploads).where(eq(uploads.claimedBy, ids.deleted!))).map((u) => u.storageKey);
    expect(filesBefore).toHaveLength(5);
    expect(await purgeDueMerchants(deps())).toBe(1);
    for (const key of filesBefore) expect(await t.storage.exists(key)).toBe(false);

    // A rejected merchant changed again (a note) waits from that change; the recent one is left alone.
    clock.advance(150 * DAY);
    expect(await purgeDueMerchants(deps())).toBe(1);
    const [rejected] = await t.database.db.select().from(merchants).where(eq(merchants.id, ids.rejected!));
    expect(clearIdentity(rejected!)).toMatchObject({
      namaToko: 'Toko rejected',
      status: 'rejected',
      nik: PURGED_MARKER,
      noRekening: PURGED_MARKER,
      noHp: PURGED_MARKER,
      email: PURGED_MARKER,
      alamatJalan: PURGED_MARKER,
      alamatPemilik: PURGED_MARKER,
      namaPemilik: PURGED_MARKER,
      nikHash: null,
      fotoKtp: null,
      fotoSelfieKtp: null,
      fotoKk: null,
      catatanAdmin: null,
    });
    expect(rejected!.kodePendaftaran).toMatch(/^AIP-/);
    expect(rejected!.purgedAt).toEqual(clock.now());
    // The sealed columns hold the bare marker: nothing personal, so nothing to seal.
    const [raw] = await queryRows<{ nik: string; no_rekening: string }>(
      t.database.db,
      'select nik, no_rekening from merchants where id = $1',
      [ids.rejected],
    );
    expect([raw!.nik, raw!.no_rekening]).toEqual([PURGED_MARKER, PURGED_MARKER]);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.claimedBy, ids.rejected!))).toEqual([]);

    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'retention_purge'));
    expect(audit.map((row) => [row.actorId, row.targetId, row.diff])).toEqual([
      [
        null,
        ids.deleted,
        {
          merchant_name: 'Toko deleted',
          kode_pendaftaran: expect.stringMatching(/^AIP-/),
          reason: 'deleted',
          documents: 5,
          audit_rows_redacted: 1,
        },
      ],
      [
        null,
        ids.rejected,
        {
          merchant_name: 'Toko rejected',
          kode_pendaftaran: expect.stringMatching(/^AIP-/),
          reason: 'rejected',
          documents: 5,
          audit_rows_redacted: 1,
        },
      ],
    ]);
    // The registration's own audit row lost the applicant's IP and browser; the admin's rows keep theirs.
    const trail = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, ids.rejected!));
    expect(trail.find((row) => row.action === 'create')).toMatchObject({ ip: null, userAgent: null });
    expect(trail.find((row) => row.action === 'status_change')!.ip).not.toBeNull();
    // 'System' in the audit screen: no actor. (The session of months ago has ended: sign in again.)
    admin = await signIn(t.app);
    const log = (await call('GET', `/api/admin/merchants/${ids.rejected}/audit`)).json();
    expect(log.items[0]).toMatchObject({ action: 'retention_purge', actor_email: null });
  });

  it('purges a registration left waiting for RETENTION_ABANDONED_DAYS (365) as abandoned, never a verified one however old', async () => {
    // 181 days have passed since the start: the processing one is not abandoned yet.
    clock.advance(183 * DAY);
    expect(await listRetentionDue(deps())).toEqual([]);
    clock.advance(2 * DAY);
    expect((await listRetentionDue(deps())).map((item) => [item.nama_toko, item.reason])).toEqual([['Toko recent', 'abandoned']]);
    expect(await purgeDueMerchants(deps())).toBe(1);
    const [recent] = await t.database.db.select().from(merchants).where(eq(merchants.id, ids.recent!));
    expect(clearIdentity(recent!)).toMatchObject({
      status: 'processing',
      nik: PURGED_MARKER,
      email: PURGED_MARKER,
      fotoKtp: null,
      purgedAt: clock.now(),
    });
    const purges = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'retention_purge'));
    expect(purges.find((row) => row.targetId === ids.recent)?.diff).toMatchObject({ reason: 'abandoned', documents: 5 });

    clock.advance(3000 * DAY);
    expect(await purgeDueMerchants(deps())).toBe(0);
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, ids.verified!));
    expect(merchantNik(row!)).toBe('3174015503900001');
    expect(row!.fotoKtp).not.toBeNull();
    expect(await t.storage.exists(row!.fotoKtp!)).toBe(true);
    expect(row!.purgedAt).toBeNull();
  });
});

describe('a retention pass over many merchants', () => {
  const clock = testClock('2026-01-05T03:00:00.000Z');
  const t = testAppPerSuite({ now: clock.now, env: GENEROUS_LIMITS });

  it('purges them in one batch, each trail entry with its own documents', async () => {
    const admin = await signIn(t.app);
    const rejected: string[] = [];
    for (const name of ['Satu', 'Dua', 'Tiga']) {
      const { id } = await registerMerchant(t.app, { email: `${name.toLowerCase()}@example.com`, nama_toko: `Toko ${name}` });
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/admin/merchants/${id}/status`,
        headers: { cookie: admin.cookie },
        payload: { status: 'rejected', catatan_admin: 'Data tidak sesuai', kode_alasan: ['data_ganda'] },
      });
      expect(answer.statusCode).toBe(200);
      rejected.push(id);
    }
    // The first one had ordered a device: the order stays, its recipient and address go.
    const { order } = await insertOrder(t.database.db, { merchantId: rejected[0]!, items: [{ productId: 1, quantity: 2 }] });
    // The second one had a document replaced: the old file is an upload row of its own and goes too.
    const replacedKey = `documents/replaced-${rejected[1]}.jpg`;
    await t.storage.put(replacedKey, Buffer.from('old photo'), 'image/jpeg');
    await t.database.db.insert(uploads).values({
      slot: 'foto_ktp',
      storageKey: replacedKey,
      contentType: 'image/jpeg',
      size: 9,
      sha256: 'x'.repeat(64),
      claimedBy: rejected[1],
      claimedAt: clock.now(),
    });

    clock.advance(181 * DAY);
    expect(await purgeDueMerchants({ ...t.app.deps, config: t.config })).toBe(3);
    expect(await t.storage.exists(replacedKey)).toBe(false);
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'retention_purge'));
    expect(
      audit.map((row) => [
        row.targetId,
        (row.diff as { merchant_name: string }).merchant_name,
        (row.diff as { documents: number }).documents,
      ]),
    ).toEqual([
      [rejected[0], 'Toko Satu', 5],
      [rejected[1], 'Toko Dua', 6],
      [rejected[2], 'Toko Tiga', 5],
    ]);
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    const recipient = ['namaPenerima', 'noHpPenerima', 'alamatPengiriman', 'kodePos'] as const;
    expect(kept).toMatchObject({
      kodePesanan: order.kodePesanan,
      total: 700_000,
      ...Object.fromEntries(recipient.map((column) => [column, PURGED_MARKER])),
      ip: null,
      aksesTokenHashes: [],
    });
    for (const id of rejected) {
      const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, id));
      expect(clearIdentity(row!)).toMatchObject({
        email: PURGED_MARKER,
        nik: PURGED_MARKER,
        fotoKtp: null,
        catatanAdmin: null,
        status: 'rejected',
        isDeleted: false,
      });
      expect(await t.database.db.select().from(uploads).where(eq(uploads.claimedBy, id))).toEqual([]);
    }
  });
});

describe('npm run retention -- --dry-run', () => {
  it('lists what would go and changes nothing', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'aipos-retention-'));
    let output: string;
    try {
      output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/retention.ts', '--dry-run'], {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: '' },
        encoding: 'utf8',
        timeout: 60_000,
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(output).toContain('0 merchants would lose their documents and personal data (dry run, nothing changed)');
    // A fresh data folder runs every migration first: seconds alone, more on a shared, busy machine.
  }, 120_000);
});
