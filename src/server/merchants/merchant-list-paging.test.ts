import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAppPerSuite } from '../../../tests/support/admin-session.js';
import { EXACT_TOTAL_CAP } from '../../domain/merchants.js';
import { merchants } from '../db/schema.js';
import { createRandom, fakeMerchant } from '../seed/fake-merchants.js';
import { estimatedMatches, merchantFilter } from './merchant-repository.js';

type ListBody = {
  items: { id: string; kode_pendaftaran: string; nama_toko: string; submitted_at: string }[];
  total: number;
  total_capped: boolean;
  has_next: boolean;
  page: number;
};

// Decision 0023: the list at a million rows. Capped search totals, keyset pages, the code-prefix search.
describe('admin merchant list: capped totals, keyset pages, code search', () => {
  const { t, admin } = signedInAppPerSuite();
  const now = new Date('2026-11-25T00:00:00Z');
  // Equal to the microsecond: only the id can order these rows, and a page boundary falls among them.
  const tied = '2026-11-20 10:00:00.123456+00';

  beforeAll(async () => {
    const random = createRandom(19);
    const rows = Array.from({ length: 70 }, (_, index) => ({
      ...fakeMerchant({ index, random, now, status: index % 3 === 0 ? 'rejected' : 'processing' }),
      namaToko: `Kedai Halaman ${index}`,
    }));
    rows[5] = { ...rows[5]!, kodePendaftaran: 'AIP-ZX_1A', namaToko: 'Toko Kode Garis' };
    rows[6] = { ...rows[6]!, kodePendaftaran: 'AIP-ZXQ1B', namaToko: 'Toko Kode Lain' };
    // A name that holds a code-like text: the code search looks at codes only.
    rows[7] = { ...rows[7]!, namaToko: 'Warung AIP-ZX Bukan Kode' };
    rows[8] = { ...rows[8]!, kodePendaftaran: 'AIP-ZXDEL', namaToko: 'Toko Kode Dihapus', isDeleted: true };
    await t.database.db.insert(merchants).values(rows);
    // 30 of them (a page of 25 and the next) share one submitted_at to the microsecond.
    await t.database.db.execute(
      sql`update merchants set submitted_at = ${tied}::timestamptz where nama_toko like 'Kedai Halaman 1%' or nama_toko like 'Kedai Halaman 2%' or nama_toko like 'Kedai Halaman 3%'`,
    );
  });

  const list = async (query: string): Promise<ListBody> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/merchants?${query}`, headers: { cookie: admin.cookie } });
    expect(response.statusCode, query).toBe(200);
    return response.json() as ListBody;
  };

  /** Every page of a view by following `after` cursors, then back again by `before` cursors. */
  async function walk(view: string): Promise<{ forward: string[][]; backward: string[][] }> {
    const forward: string[][] = [];
    let page = await list(`${view}&page_size=25`);
    forward.push(page.items.map((m) => m.id));
    while (page.has_next) {
      page = await list(`${view}&page_size=25&page=${page.page + 1}&after=${page.items.at(-1)!.id}`);
      forward.push(page.items.map((m) => m.id));
    }
    const backward: string[][] = [page.items.map((m) => m.id)];
    while (page.page > 1) {
      page = await list(`${view}&page_size=25&page=${page.page - 1}&before=${page.items[0]!.id}`);
      backward.unshift(page.items.map((m) => m.id));
    }
    return { forward, backward };
  }

  it('pages newest and oldest first by cursor without skipping or repeating a row, ties included', async () => {
    for (const sort of ['newest', 'oldest']) {
      const all = (await list(`sort=${sort}&page_size=100`)).items.map((m) => m.id);
      expect(all).toHaveLength(69);
      const { forward, backward } = await walk(`sort=${sort}`);
      expect(
        forward.map((ids) => ids.length),
        sort,
      ).toEqual([25, 25, 19]);
      expect(forward.flat(), sort).toEqual(all);
      expect(backward, sort).toEqual(forward);
    }
    const tiedRows = (await list('page_size=100')).items.filter((m) => m.submitted_at === '2026-11-20T10:00:00.123Z');
    expect(tiedRows.length).toBeGreaterThan(25);
  });

  it('pages a search and a status filter by cursor as the offset pages do', async () => {
    for (const view of ['q=halaman', 'status=rejected', 'q=halaman&status=processing']) {
      const byOffset: string[][] = [];
      for (let page = 1; ; page += 1) {
        const body = await list(`${view}&page_size=25&page=${page}`);
        if (body.items.length === 0) break;
        byOffset.push(body.items.map((m) => m.id));
      }
      const { forward, backward } = await walk(view);
      expect(forward, view).toEqual(byOffset);
      expect(backward, view).toEqual(byOffset);
    }
  });

  it('says whether a page follows, and finds the page by its number when the cursor row is gone', async () => {
    const first = await list('page_size=25');
    expect([first.total, first.total_capped, first.has_next]).toEqual([69, false, true]);
    const third = await list('page_size=25&page=3');
    expect([third.items.length, third.has_next]).toEqual([19, false]);
    const second = await list('page_size=25&page=2');
    const gone = second.items.at(-1)!.id;
    await t.database.db.execute(sql`delete from merchants where id = ${gone}`);
    const next = await list(`page_size=25&page=3&after=${gone}`);
    expect(next.items.map((m) => m.id)).toEqual((await list('page_size=25&page=3')).items.map((m) => m.id));
    expect(next.items).toHaveLength(18);
  });

  it('refuses a cursor that is not an id, and after with before, with 400', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const query of ['page=2&after=abc', `page=2&after=${id}&before=${id}`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/merchants?${query}`, headers: { cookie: admin.cookie } });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('searches a code-like term as a prefix of the code, in any case, never a deleted row', async () => {
    expect((await list('q=aip-zx')).items.map((m) => m.kode_pendaftaran).sort()).toEqual(['AIP-ZXQ1B', 'AIP-ZX_1A']);
    // `_` is a character of codes, not LIKE's any-one-character.
    expect((await list('q=AIP-ZX_')).items.map((m) => m.nama_toko)).toEqual(['Toko Kode Garis']);
    expect((await list('q=AIP-ZXQ1B')).items.map((m) => m.nama_toko)).toEqual(['Toko Kode Lain']);
    expect(await list('q=AIP-ZXDEL')).toMatchObject({ total: 0, items: [] });
    // Not a code: the trigram search over names, phones, e-mails and codes.
    expect((await list('q=ZX Bukan')).items.map((m) => m.nama_toko)).toEqual(['Warung AIP-ZX Bukan Kode']);
  });

  it(`counts a search exactly up to ${EXACT_TOTAL_CAP} matches and says when it stopped there`, async () => {
    // Copies of one row (new codes and ids) as one statement: far faster than a thousand inserts.
    await t.database.db.execute(sql`
      insert into merchants (kode_pendaftaran, nama_toko, kategori_usaha, alamat_jalan, kecamatan, kota_kab, provinsi, kode_pos,
        nama_pemilik, nik, no_hp, email, alamat_pemilik, nama_bank, no_rekening, nama_rekening, status, submitted_at)
      select 'AIP-C' || lpad(g::text, 5, '0'), 'Toko Ramai ' || g, kategori_usaha, alamat_jalan, kecamatan, kota_kab, provinsi, kode_pos,
        nama_pemilik, nik, no_hp, email, alamat_pemilik, nama_bank, no_rekening, nama_rekening,
        case when g % 2 = 0 then 'verified' else 'processing' end, ${now.toISOString()}::timestamptz - g * interval '1 second'
      from merchants, generate_series(1, ${EXACT_TOTAL_CAP + 10}) g
      where kode_pendaftaran = 'AIP-ZXQ1B'`);
    await t.database.db.execute(sql`analyze merchants`);

    // The planner expects about as many as there are: under twice the cap, so they are counted, not assumed.
    const estimate = await estimatedMatches(t.database.db, merchantFilter({ q: 'toko ramai', status: 'all' }));
    expect(estimate).toBeGreaterThan(EXACT_TOTAL_CAP / 2);
    expect(estimate).toBeLessThan(2 * EXACT_TOTAL_CAP);
    const capped = await list('q=toko ramai');
    expect(capped).toMatchObject({ total: EXACT_TOTAL_CAP, total_capped: true, has_next: true });
    expect(capped.items).toHaveLength(25);
    // Half of them: under the cap, exact.
    expect(await list('q=toko ramai&status=verified')).toMatchObject({ total: (EXACT_TOTAL_CAP + 10) / 2, total_capped: false });
    // Without a search the per-status counters stay exact and uncapped.
    expect(await list('')).toMatchObject({ total: 68 + EXACT_TOTAL_CAP + 10, total_capped: false });
    // Every match stays reachable past the cap: the last page by number, and by cursor from the page before.
    const lastPage = EXACT_TOTAL_CAP / 100 + 1;
    const last = await list(`q=toko ramai&page_size=100&page=${lastPage}`);
    expect(last.items.map((m) => m.nama_toko)).toEqual(Array.from({ length: 10 }, (_, i) => `Toko Ramai ${EXACT_TOTAL_CAP + 1 + i}`));
    expect(last).toMatchObject({ total: EXACT_TOTAL_CAP, total_capped: true, has_next: false });
    const before = await list(`q=toko ramai&page_size=100&page=${lastPage - 1}`);
    const byCursor = await list(`q=toko ramai&page_size=100&page=${lastPage}&after=${before.items.at(-1)!.id}`);
    expect(byCursor.items.map((m) => m.id)).toEqual(last.items.map((m) => m.id));
  });
});
