import { and, desc, eq, getTableName, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../domain/orders.js';
import type { FixItem } from '../../domain/perbaikan.js';
import { preparedRows, type Db } from '../db/query-rows.js';
import { merchants, orders, type MerchantRow } from '../db/schema.js';

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
  // Reason codes of the decision: only their applicant texts leave the server (status-service.ts).
  kodeAlasan: merchants.kodeAlasan,
  alamatJalan: merchants.alamatJalan,
  kecamatan: merchants.kecamatan,
  provinsi: merchants.provinsi,
  kodePos: merchants.kodePos,
  receiptTokenHash: merchants.receiptTokenHash,
};

/**
 * What the applicant must fix: the items of the open fix request, read in the same statement as the row
 * (a second round trip for a quarter of the lookups cost the busiest route about a fifth of its rate).
 * The status test is a one-time filter: for any other status PostgreSQL never touches fix_requests.
 */
const OPEN_FIX_ITEMS_SQL = `(select f.items from fix_requests f
  where f.merchant_id = merchants.id and merchants.status = 'data_tidak_lengkap' and f.superseded_at is null and f.used_at is null
  order by f.created_at desc limit 1)`;

export type PublicMerchantRow = Pick<MerchantRow, keyof typeof PUBLIC_COLUMNS> & { fixItems: FixItem[] | null };

// The public lookup is the busiest route, and on PGlite the database runs in the server's own thread:
// Drizzle's driver path (query building, per-query type parsers, row mapping) took longer than the query
// itself (0.55 x the bare route's rate; built once and prepared, 0.63 x; as below, 0.85 x: docs/performance.md
// bench). So this one read is plain SQL through the driver, its column list still generated from
// PUBLIC_COLUMNS so that it cannot drift from the schema.
const FIND_BY_CODE_SQL = `select ${Object.entries(PUBLIC_COLUMNS)
  .map(([key, column]) => `"${column.name}" as "${key}"`)
  .join(
    ', ',
  )}, ${OPEN_FIX_ITEMS_SQL} as "fixItems" from "${getTableName(merchants)}" where "${merchants.kodePendaftaran.name}" = $1 and "${merchants.isDeleted.name}" = false limit 1`;

/**
 * A non-deleted registration by its code as stored (upper case); the unique index answers it. Prepared:
 * planning this statement (the merchants table's twenty indexes, the fix-request subquery) cost more
 * than running it.
 */
export async function findByCode(db: Db, code: string): Promise<PublicMerchantRow | undefined> {
  const rows = await preparedRows<PublicMerchantRow>(db, { name: 'status_by_code', text: FIND_BY_CODE_SQL }, [code]);
  return rows[0];
}

/** The newest non-deleted registration with this normalised e-mail and phone (index on both, newest first). */
export async function findNewestByEmailAndPhone(db: Db, email: string, noHp: string): Promise<PublicMerchantRow | undefined> {
  const rows = await db
    .select({ ...PUBLIC_COLUMNS, fixItems: sql<FixItem[] | null>`${sql.raw(OPEN_FIX_ITEMS_SQL)}` })
    .from(merchants)
    .where(and(eq(merchants.email, email), eq(merchants.noHp, noHp), eq(merchants.isDeleted, false)))
    .orderBy(desc(merchants.submittedAt))
    .limit(1);
  return rows[0];
}

/** How many orders the status page lists: the newest; older ones are on the order pages and in the mails. */
export const STATUS_ORDER_LIMIT = 20;

export type StatusOrderRow = { kodePesanan: string; status: OrderStatus; total: number; createdAt: Date };

// By the registration's code, so the lookup above never reads the merchant's id. The code's index gives
// the id, orders_merchant_idx the newest orders already in order: `nulls last` as the index was built, or
// PostgreSQL sorts them again. total is bigint: as float8 both drivers answer a number (amounts are far
// below 2^53).
const ORDERS_BY_CODE_SQL = `select "${orders.kodePesanan.name}" as "kodePesanan", "${orders.status.name}" as "status",
  "${orders.total.name}"::float8 as "total", "${orders.createdAt.name}" as "createdAt"
  from "${getTableName(orders)}"
  where "${orders.merchantId.name}" = (select "${merchants.id.name}" from "${getTableName(merchants)}" where "${merchants.kodePendaftaran.name}" = $1 and "${merchants.isDeleted.name}" = false)
  order by "${orders.createdAt.name}" desc nulls last limit ${STATUS_ORDER_LIMIT}`;

/** The newest orders of the registration with this code (as stored): only for an asker who may see them. */
export async function listOrdersByCode(db: Db, code: string): Promise<StatusOrderRow[]> {
  return preparedRows<StatusOrderRow>(db, { name: 'status_orders_by_code', text: ORDERS_BY_CODE_SQL }, [code]);
}
