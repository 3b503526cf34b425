import { and, desc, eq, getTableName } from 'drizzle-orm';
import { queryRows, type Db } from '../db/query-rows.js';
import { merchants, type MerchantRow } from '../db/schema.js';

/**
 * Only the columns a public lookup may use: the shown fields and the receipt hash to check a token
 * against. NIK, bank data, documents and ids are never read, so they cannot leak by mistake.
 */
const PUBLIC_COLUMNS = {
  status: merchants.status,
  namaToko: merchants.namaToko,
  kategoriUsaha: merchants.kategoriUsaha,
  kotaKab: merchants.kotaKab,
  namaPemilik: merchants.namaPemilik,
  email: merchants.email,
  noHp: merchants.noHp,
  kodePendaftaran: merchants.kodePendaftaran,
  submittedAt: merchants.submittedAt,
  catatanAdmin: merchants.catatanAdmin,
  alamatJalan: merchants.alamatJalan,
  kecamatan: merchants.kecamatan,
  provinsi: merchants.provinsi,
  kodePos: merchants.kodePos,
  receiptTokenHash: merchants.receiptTokenHash,
};

export type PublicMerchantRow = Pick<MerchantRow, keyof typeof PUBLIC_COLUMNS>;

// The public lookup is the busiest route, and on PGlite the database runs in the server's own thread:
// Drizzle's driver path (query building, per-query type parsers, row mapping) took longer than the query
// itself (0.55 x the bare route's rate; built once and prepared, 0.63 x; as below, 0.85 x: issue 8
// bench). So this one read is plain SQL through the driver, its column list still generated from
// PUBLIC_COLUMNS so that it cannot drift from the schema.
const FIND_BY_CODE_SQL = `select ${Object.entries(PUBLIC_COLUMNS)
  .map(([key, column]) => `"${column.name}" as "${key}"`)
  .join(', ')} from "${getTableName(merchants)}" where "${merchants.kodePendaftaran.name}" = $1 and "${merchants.isDeleted.name}" = false limit 1`;

/** A non-deleted registration by its code as stored (upper case); the unique index answers it. */
export async function findByCode(db: Db, code: string): Promise<PublicMerchantRow | undefined> {
  const rows = await queryRows<PublicMerchantRow>(db, FIND_BY_CODE_SQL, [code]);
  return rows[0];
}

/** The newest non-deleted registration with this normalised e-mail and phone (index on both, newest first). */
export async function findNewestByEmailAndPhone(db: Db, email: string, noHp: string): Promise<PublicMerchantRow | undefined> {
  const rows = await db
    .select(PUBLIC_COLUMNS)
    .from(merchants)
    .where(and(eq(merchants.email, email), eq(merchants.noHp, noHp), eq(merchants.isDeleted, false)))
    .orderBy(desc(merchants.submittedAt))
    .limit(1);
  return rows[0];
}
