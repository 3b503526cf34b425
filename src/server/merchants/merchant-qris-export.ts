import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, asc, eq, gt, inArray, isNull, not, sql, type SQL } from 'drizzle-orm';
import { CATEGORY_MCC } from '../../domain/qris.js';
import type { Db } from '../db/database.js';
import { merchantAccountNumber, merchantNik, qrisData } from '../db/merchant-columns.js';
import { devices, merchants, type MerchantRow } from '../db/schema.js';
import { escapeFormula } from '../shared/csv-cells.js';

const BATCH = 500;

/** The acquirer's columns, named as its import expects them (snake_case, not the list export's labels). */
export const QRIS_EXPORT_COLUMNS = [
  'kode_pendaftaran',
  'nama_qris',
  'mcc',
  'kriteria_usaha',
  'alamat',
  'kota_qris',
  'kode_pos',
  'provinsi',
  'nama_pemilik',
  'nik',
  'no_hp',
  'email',
  'nama_bank',
  'no_rekening',
  'nama_rekening',
  // The serials of every device packed for the merchant (allocated, shipped or active), ';'-separated.
  'nomor_seri',
] as const;

/** Verified, live merchants: the only ones the acquirer may get. */
function verifiedLive(): SQL {
  return and(eq(merchants.status, 'verified'), eq(merchants.isDeleted, false))!;
}

const LISTED_MISSING = 20;

/**
 * The codes of verified merchants with no MCC: none chosen, and a category without a default ('Lainnya'
 * or free text). At most LISTED_MISSING codes and how many there are in all.
 */
export async function merchantsMissingMcc(db: Db): Promise<{ codes: string[]; total: number }> {
  const where = and(verifiedLive(), isNull(merchants.mcc), not(inArray(merchants.kategoriUsaha, Object.keys(CATEGORY_MCC))));
  const rows = await db
    .select({ code: merchants.kodePendaftaran, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(merchants)
    .where(where)
    .orderBy(asc(merchants.kodePendaftaran))
    .limit(LISTED_MISSING);
  return { codes: rows.map((row) => row.code), total: rows[0]?.total ?? 0 };
}

/** The serials of each merchant of a batch, in one query: merchant id -> 'SN1;SN2'. */
async function serialsOf(db: Db, merchantIds: string[]): Promise<Map<string, string>> {
  if (merchantIds.length === 0) return new Map();
  const rows = await db
    .select({ merchantId: devices.merchantId, serials: sql<string>`string_agg(${devices.nomorSeri}, ';' order by ${devices.nomorSeri})` })
    .from(devices)
    .where(inArray(devices.merchantId, merchantIds))
    .groupBy(devices.merchantId);
  return new Map(rows.map((row) => [row.merchantId, row.serials]));
}

function toRecord(row: MerchantRow, serials: string): string[] {
  const qris = qrisData(row);
  const values: Record<(typeof QRIS_EXPORT_COLUMNS)[number], string> = {
    kode_pendaftaran: row.kodePendaftaran,
    nama_qris: qris.nama_qris,
    mcc: qris.mcc ?? '',
    kriteria_usaha: qris.kriteria_usaha,
    alamat: `${row.alamatJalan}, ${row.kecamatan}`,
    kota_qris: qris.kota_qris,
    kode_pos: row.kodePos,
    provinsi: row.provinsi,
    nama_pemilik: row.namaPemilik,
    // This file is the one place they leave in clear, in bulk.
    nik: merchantNik(row),
    no_hp: row.noHp,
    email: row.email,
    nama_bank: row.namaBank,
    no_rekening: merchantAccountNumber(row),
    nama_rekening: row.namaRekening,
    nomor_seri: serials,
  };
  return QRIS_EXPORT_COLUMNS.map((column) => escapeFormula(values[column]));
}

/** Keyset batches over the unique registration code, so the whole set never sits in memory. */
async function* verifiedRows(db: Db, onRow: () => void): AsyncGenerator<string[]> {
  let after: string | null = null;
  for (;;) {
    const where: SQL = after === null ? verifiedLive() : and(verifiedLive(), gt(merchants.kodePendaftaran, after))!;
    const rows: MerchantRow[] = await db.select().from(merchants).where(where).orderBy(asc(merchants.kodePendaftaran)).limit(BATCH);
    const serials = await serialsOf(
      db,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      onRow();
      yield toRecord(row, serials.get(row.id) ?? '');
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.kodePendaftaran;
  }
}

/** UTF-8 CSV with a BOM, like the list export, of every verified live merchant. */
export function exportQrisCsv(db: Db, onRow: () => void): Readable {
  const csv = stringify({ bom: true, header: true, columns: [...QRIS_EXPORT_COLUMNS] });
  const source = Readable.from(verifiedRows(db, onRow));
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
