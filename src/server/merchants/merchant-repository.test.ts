import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/support/build-test-app.js';
import { MerchantListQuerySchema } from '../../domain/merchants.js';
import { findMerchant } from '../db/merchant-rows.js';
import { merchants } from '../db/schema.js';
import { createRandom, fakeMerchant } from '../seed/fake-merchants.js';
import { countMerchants, listMerchants } from './merchant-repository.js';

const query = (input: Record<string, unknown> = {}) => MerchantListQuerySchema.parse(input);

describe('merchant list queries', () => {
  let t: TestApp;
  const now = new Date('2026-11-22T00:00:00Z');

  beforeAll(async () => {
    t = await buildTestApp();
    const random = createRandom(7);
    const rows = Array.from({ length: 60 }, (_, index) =>
      fakeMerchant({ index, random, now, status: index % 2 ? 'processing' : 'verified' }),
    );
    rows[0] = {
      ...rows[0]!,
      namaToko: 'Toko Kopi Senja',
      noHp: '+6281299887766',
      kodePendaftaran: 'AIP-KOPI1',
      submittedAt: new Date('2026-11-22T01:00:00Z'),
    };
    rows[1] = { ...rows[1]!, namaToko: 'Warung 100% Halal_Ok', status: 'rejected', submittedAt: new Date('2020-01-01T00:00:00Z') };
    rows[2] = { ...rows[2]!, namaToko: 'Toko Dihapus', isDeleted: true, submittedAt: new Date('2026-11-22T02:00:00Z') };
    await t.database.db.insert(merchants).values(rows);
  });
  afterAll(async () => {
    await t.close();
  });

  it('pages newest first with the total, never showing deleted rows', async () => {
    const first = await listMerchants(t.database.db, query());
    expect(first.total).toBe(59);
    expect(first.items).toHaveLength(25);
    expect(first.items[0]!.nama_toko).toBe('Toko Kopi Senja');
    expect(first.items.map((m) => m.nama_toko)).not.toContain('Toko Dihapus');
    const third = await listMerchants(t.database.db, query({ page: '3' }));
    expect(third.items).toHaveLength(9);
    expect(third.items.at(-1)!.nama_toko).toBe('Warung 100% Halal_Ok');
    const big = await listMerchants(t.database.db, query({ page_size: '100' }));
    expect(big.items).toHaveLength(59);
  });

  it('finds by part of the phone in any spelling, by code and by name', async () => {
    for (const q of ['0812-9988', '62812 9988 7766', '+6281299887766', '99887766', 'kopi1', 'aip-kopi', 'kopi senja']) {
      const result = await listMerchants(t.database.db, query({ q }));
      expect(
        result.items.map((m) => m.kode_pendaftaran),
        q,
      ).toContain('AIP-KOPI1');
    }
  });

  it('treats % and _ in a search as plain characters', async () => {
    const result = await listMerchants(t.database.db, query({ q: '100% Halal_' }));
    expect(result.items.map((m) => m.nama_toko)).toEqual(['Warung 100% Halal_Ok']);
    expect((await listMerchants(t.database.db, query({ q: '%' }))).items.map((m) => m.nama_toko)).toEqual(['Warung 100% Halal_Ok']);
  });

  it('filters by status and sorts by name', async () => {
    const rejected = await listMerchants(t.database.db, query({ status: 'rejected' }));
    expect(rejected.total).toBe(1);
    const verified = await listMerchants(t.database.db, query({ status: 'verified', page_size: '100' }));
    expect(verified.items.every((m) => m.status === 'verified')).toBe(true);
    const byName = await listMerchants(t.database.db, query({ sort: 'nama_toko', page_size: '100' }));
    const names = byName.items.map((m) => m.nama_toko.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('sorts by status (each status one block, newest first within it) and oldest first', async () => {
    const byStatus = (await listMerchants(t.database.db, query({ sort: 'status', page_size: '100' }))).items;
    expect(byStatus).toHaveLength(59);
    const blocks = byStatus.map((m) => m.status).filter((status, index, all) => index === 0 || all[index - 1] !== status);
    expect(blocks).toEqual([...new Set(blocks)]);
    expect(new Set(blocks)).toEqual(new Set(['processing', 'verified', 'rejected']));
    for (const status of blocks) {
      const times = byStatus.filter((m) => m.status === status).map((m) => Date.parse(m.submitted_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    const newest = (await listMerchants(t.database.db, query({ page_size: '100' }))).items.map((m) => m.id);
    const oldest = (await listMerchants(t.database.db, query({ sort: 'oldest', page_size: '100' }))).items.map((m) => m.id);
    expect(oldest).toEqual([...newest].reverse());
  });

  it('refuses unknown query fields and page sizes outside 25, 50, 100', () => {
    expect(MerchantListQuerySchema.safeParse({ page_size: '30' }).success).toBe(false);
    expect(MerchantListQuerySchema.safeParse({ is_deleted: 'true' }).success).toBe(false);
  });

  it('does not find a soft-deleted merchant by id', async () => {
    const [deleted] = await t.database.db.select().from(merchants).where(eq(merchants.namaToko, 'Toko Dihapus'));
    expect(await findMerchant(t.database.db, deleted!.id)).toBeUndefined();
  });
});

describe('list totals from the per-status counters', () => {
  let t: TestApp;
  const now = new Date('2026-11-22T00:00:00Z');
  const statuses = ['all', 'processing', 'verified', 'rejected', 'data_tidak_lengkap'] as const;

  /** The counters must always agree with counting the rows themselves. */
  async function expectExact(): Promise<void> {
    for (const status of statuses) {
      const where = status === 'all' ? sql`not is_deleted` : sql`not is_deleted and status = ${status}`;
      const result = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from merchants where ${where}`);
      const counted = (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
      expect((await countMerchants(t.database.db, { status })).total, status).toBe(counted);
      expect((await listMerchants(t.database.db, query({ status }))).total, status).toBe(counted);
    }
  }

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('stays exact through bulk inserts, status changes, soft and hard deletes', async () => {
    await expectExact();
    const random = createRandom(11);
    const rows = Array.from({ length: 40 }, (_, index) => fakeMerchant({ index, random, now }));
    await t.database.db.insert(merchants).values(rows);
    await expectExact();
    expect((await countMerchants(t.database.db, { status: 'all' })).total).toBe(40);

    const codes = rows.slice(0, 10).map((r) => r.kodePendaftaran);
    // One statement moving rows of several statuses to one.
    await t.database.db.update(merchants).set({ status: 'verified' }).where(inArray(merchants.kodePendaftaran, codes));
    await expectExact();
    // Soft delete, then undelete, then a status change of a deleted row (it must not count).
    await t.database.db
      .update(merchants)
      .set({ isDeleted: true })
      .where(inArray(merchants.kodePendaftaran, codes.slice(0, 4)));
    await expectExact();
    expect((await countMerchants(t.database.db, { status: 'all' })).total).toBe(36);
    await t.database.db.update(merchants).set({ status: 'rejected' }).where(eq(merchants.kodePendaftaran, codes[0]!));
    await t.database.db.update(merchants).set({ isDeleted: false }).where(eq(merchants.kodePendaftaran, codes[1]!));
    await expectExact();
    // An update that changes nothing counted, and a hard delete of live and deleted rows.
    await t.database.db.update(merchants).set({ catatanAdmin: 'cek' }).where(inArray(merchants.kodePendaftaran, codes));
    await t.database.db.delete(merchants).where(inArray(merchants.kodePendaftaran, codes.slice(0, 6)));
    await expectExact();
    expect((await countMerchants(t.database.db, { status: 'all' })).total).toBe(34);
  });

  it('counts the trigram matches when there is a search', async () => {
    await t.database.db
      .insert(merchants)
      .values({ ...fakeMerchant({ index: 500, random: createRandom(3), now }), namaToko: 'Kedai Unik Sekali', status: 'rejected' });
    expect((await countMerchants(t.database.db, { q: 'unik sekali', status: 'all' })).total).toBe(1);
    expect((await countMerchants(t.database.db, { q: 'unik sekali', status: 'verified' })).total).toBe(0);
    expect((await listMerchants(t.database.db, query({ q: 'unik sekali', status: 'rejected' }))).total).toBe(1);
    // The page and the trigram count agree, on the first page and past the last one.
    const { total: all } = await countMerchants(t.database.db, { q: 'contoh', status: 'all' });
    expect(all).toBeGreaterThan(25);
    const first = await listMerchants(t.database.db, query({ q: 'contoh' }));
    expect([first.total, first.items.length]).toEqual([all, 25]);
    const beyond = await listMerchants(t.database.db, query({ q: 'contoh', page: '50' }));
    expect([beyond.total, beyond.items.length]).toEqual([all, 0]);
    expect(await listMerchants(t.database.db, query({ q: 'tidak-ada-yang-cocok' }))).toMatchObject({ total: 0, items: [] });
  });
});
