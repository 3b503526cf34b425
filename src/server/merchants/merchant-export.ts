import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import { formatDateTimeWib } from '../../domain/format.js';
import type { MerchantListQuery } from '../../domain/merchants.js';
import { normalizeStatus, STATUS_LABELS } from '../../domain/vocabularies.js';
import type { Db } from '../db/database.js';
import { merchants, type MerchantRow } from '../db/schema.js';
import { escapeFormula } from '../shared/csv-cells.js';
import { merchantFilter, merchantOrder } from './merchant-repository.js';

const BATCH = 1000;

export const EXPORT_COLUMNS = [
  { key: 'kode_pendaftaran', header: 'Kode Pendaftaran' },
  { key: 'nama_toko', header: 'Nama Toko' },
  { key: 'kategori_usaha', header: 'Kategori Usaha' },
  { key: 'nama_pemilik', header: 'Nama Pemilik' },
  { key: 'no_hp', header: 'No HP' },
  { key: 'email', header: 'Email' },
  { key: 'kota_kab', header: 'Kota/Kabupaten' },
  { key: 'provinsi', header: 'Provinsi' },
  { key: 'status', header: 'Status' },
  { key: 'submitted_at', header: 'Tanggal Daftar' },
] as const;

function toRecord(row: MerchantRow): string[] {
  const values: Record<(typeof EXPORT_COLUMNS)[number]['key'], string> = {
    kode_pendaftaran: row.kodePendaftaran,
    nama_toko: row.namaToko,
    kategori_usaha: row.kategoriUsaha,
    nama_pemilik: row.namaPemilik,
    no_hp: row.noHp,
    email: row.email,
    kota_kab: row.kotaKab,
    provinsi: row.provinsi,
    status: STATUS_LABELS[normalizeStatus(row.status)],
    submitted_at: formatDateTimeWib(row.submittedAt),
  };
  return EXPORT_COLUMNS.map((column) => escapeFormula(values[column.key]));
}

/**
 * Every matching merchant, newest first, read in keyset batches so 100,000 rows never sit in memory.
 * The cursor keeps submitted_at as PostgreSQL text: a JS Date would cut microseconds and skip rows.
 */
type ExportQuery = Pick<MerchantListQuery, 'q' | 'status'> & { ids?: readonly string[] };

async function* merchantRows(db: Db, query: ExportQuery, onRow: () => void): AsyncGenerator<string[]> {
  let cursor: { at: string; id: string } | null = null;
  for (;;) {
    const filter = query.ids ? and(merchantFilter(query), inArray(merchants.id, [...query.ids]))! : merchantFilter(query);
    const where: SQL | undefined = cursor
      ? and(filter, sql`(${merchants.submittedAt}, ${merchants.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`)
      : filter;
    const rows: { row: MerchantRow; at: string }[] = await db
      .select({ row: merchants, at: sql<string>`${merchants.submittedAt}::text` })
      .from(merchants)
      .where(where)
      .orderBy(...merchantOrder('newest'))
      .limit(BATCH);
    for (const { row } of rows) {
      onRow();
      yield toRecord(row);
    }
    if (rows.length < BATCH) return;
    const last: { row: MerchantRow; at: string } = rows[rows.length - 1]!;
    cursor = { at: last.at, id: last.row.id };
  }
}

/** UTF-8 CSV with a BOM (so Excel reads the encoding), a header row, then the rows as they are read. */
export function exportMerchantsCsv(db: Db, query: ExportQuery, onRow: () => void): Readable {
  const csv = stringify({ bom: true, header: true, columns: EXPORT_COLUMNS.map((c) => c.header) });
  const source = Readable.from(merchantRows(db, query, onRow));
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
