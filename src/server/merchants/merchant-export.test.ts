import { buffer, text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { merchants } from '../db/schema.js';
import { createRandom, fakeMerchant } from '../seed/fake-merchants.js';
import { escapeFormula } from '../shared/csv-cells.js';
import { exportMerchantsCsv } from './merchant-export.js';

describe('merchant CSV export', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  const t = testAppPerSuite({}, async ({ database }) => {
    const random = createRandom(3);
    // More than two batches of 1000, many sharing one timestamp, to prove the cursor skips nothing.
    const rows = Array.from({ length: 2300 }, (_, index) => ({
      ...fakeMerchant({ index, random, now, status: index < 1500 ? 'verified' : 'processing' }),
      submittedAt: new Date(now.getTime() - Math.floor(index / 7) * 1000),
    }));
    rows[0] = { ...rows[0]!, namaToko: '=HYPERLINK("http://jahat.example")', namaPemilik: '@SUM(A1)', status: 'verified' };
    rows[1] = { ...rows[1]!, namaToko: 'Toko Dihapus', isDeleted: true };
    for (let i = 0; i < rows.length; i += 500) await database.db.insert(merchants).values(rows.slice(i, i + 500));
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+6281234567890', "'+6281234567890"],
    ['-5', "'-5"],
    ['@cmd', "'@cmd"],
    ['Toko Biasa', 'Toko Biasa'],
  ])('writes the cell %j as %j: a spreadsheet runs no formula from it', (cell, written) => {
    expect(escapeFormula(cell)).toBe(written);
  });

  it('streams a BOM, a header and every matching row once, newest first', async () => {
    let counted = 0;
    const bytes = await buffer(exportMerchantsCsv(t.database.db, { status: 'verified' }, () => (counted += 1)));
    // TextDecoder drops a BOM, so it is checked on the bytes.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.subarray(3).toString('utf8');
    expect(
      csv.startsWith('Kode Pendaftaran,Nama Toko,Kategori Usaha,Nama Pemilik,No HP,Email,Kota/Kabupaten,Provinsi,Status,Tanggal Daftar\n'),
    ).toBe(true);
    const lines = csv.trimEnd().split('\n').slice(1);
    expect(lines).toHaveLength(1499);
    expect(counted).toBe(1499);
    const codes = lines.map((line) => line.split(',')[0]);
    expect(new Set(codes).size).toBe(1499);
    expect(csv).not.toContain('Toko Dihapus');
    const hostile = lines.find((line) => line.includes('HYPERLINK'))!;
    expect(hostile).toContain(`"'=HYPERLINK(""http://jahat.example"")"`);
    expect(hostile).toContain("'@SUM(A1)");
    expect(hostile).toContain("'+628");
    expect(hostile).toContain('Sudah Terverifikasi');
    expect(hostile).toContain('22 November 2026, 07.00 WIB');
    // Newest first: the rows sharing the newest timestamp lead.
    expect(lines.indexOf(hostile)).toBeLessThan(7);
  });

  it('applies the search like the list does', async () => {
    const csv = await text(exportMerchantsCsv(t.database.db, { q: 'HYPERLINK', status: 'all' }, () => {}));
    expect(csv.trimEnd().split('\n')).toHaveLength(2);
  });
});
