import { and, asc, count, desc, eq, ilike, inArray, or, sql, sum, type SQL } from 'drizzle-orm';
import type { MerchantList, MerchantListQuery, MerchantSort } from '../../domain/merchants.js';
import type { Db } from '../db/database.js';
import { merchantCounts, merchants, merchantSearchText, type MerchantRow } from '../db/schema.js';
import { toListItem } from './merchant-mapping.js';
import { escapeLike, identitySearch, searchVariants } from './merchant-search.js';

const ORDER: Record<MerchantSort, SQL[]> = {
  newest: [desc(merchants.submittedAt), desc(merchants.id)],
  oldest: [asc(merchants.submittedAt), asc(merchants.id)],
  nama_toko: [asc(sql`lower(${merchants.namaToko})`), desc(merchants.submittedAt)],
  status: [asc(merchants.status), desc(merchants.submittedAt)],
  queue: [asc(merchants.submittedAt), asc(merchants.id)],
};

/** The filter shared by the list and the CSV export: never a soft-deleted row. */
export function merchantFilter(query: Pick<MerchantListQuery, 'q' | 'status'>): SQL {
  const conditions: SQL[] = [eq(merchants.isDeleted, false)];
  if (query.status !== 'all') conditions.push(eq(merchants.status, query.status));
  if (query.q) {
    // The same expression as the trigram index, so PostgreSQL can use it.
    const matches = searchVariants(query.q).map((v) => ilike(merchantSearchText, `%${escapeLike(v)}%`));
    // A whole NIK or account number is found through its keyed hash (the values are encrypted).
    const identity = identitySearch(query.q);
    if (identity.nik.length > 0) matches.push(inArray(merchants.nikHash, identity.nik));
    if (identity.noRekening.length > 0) matches.push(inArray(merchants.noRekeningHash, identity.noRekening));
    conditions.push(matches.length === 1 ? matches[0]! : or(...matches)!);
  }
  return and(...conditions)!;
}

export function merchantOrder(sort: MerchantSort): SQL[] {
  return ORDER[sort];
}

/**
 * How many live merchants match. Without a search the answer is the per-status counters the triggers of
 * migration 0002 keep exact, instead of counting 100,000 rows per page view; with a search, the rows the
 * trigram index finds are counted, which is a small set for any search worth typing (docs/decisions/0004).
 */
export async function countMerchants(db: Db, query: Pick<MerchantListQuery, 'q' | 'status'>): Promise<number> {
  if (query.q) {
    const rows = await db.select({ total: count() }).from(merchants).where(merchantFilter(query));
    return Number(rows[0]?.total ?? 0);
  }
  const rows = await db
    .select({ total: sum(merchantCounts.n) })
    .from(merchantCounts)
    .where(query.status === 'all' ? undefined : eq(merchantCounts.status, query.status));
  // sum() is null over no rows and comes back as a string (bigint) from both drivers.
  return Number(rows[0]?.total ?? 0);
}

export async function listMerchants(db: Db, query: MerchantListQuery): Promise<MerchantList> {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(merchants)
      .where(merchantFilter(query))
      .orderBy(...merchantOrder(query.sort))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    countMerchants(db, query),
  ]);
  return { items: rows.map((row) => toListItem(row)), total, page: query.page, page_size: query.page_size };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A merchant that is not soft-deleted, or undefined (also for an id that is not a uuid). */
export async function findMerchant(db: Db, id: string): Promise<MerchantRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const rows = await db
    .select()
    .from(merchants)
    .where(and(eq(merchants.id, id), eq(merchants.isDeleted, false)))
    .limit(1);
  return rows[0];
}

/** The same, locked until the transaction ends, so concurrent edits queue instead of racing. */
export async function lockMerchant(tx: Db, id: string): Promise<MerchantRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const rows = await tx
    .select()
    .from(merchants)
    .where(and(eq(merchants.id, id), eq(merchants.isDeleted, false)))
    .for('update')
    .limit(1);
  return rows[0];
}
