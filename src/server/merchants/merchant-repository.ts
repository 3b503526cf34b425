import { and, asc, count, desc, eq, ilike, inArray, or, sql, sum, type SQL } from 'drizzle-orm';
import type { MerchantList, MerchantListQuery, MerchantSort } from '../../domain/merchants.js';
import type { Db } from '../db/database.js';
import { merchantCounts, merchants, merchantSearchText, type MerchantRow } from '../db/schema.js';
import type { MerchantDetail } from '../../domain/merchants.js';
import { hasDuplicates, hasDuplicatesColumn } from '../workbench/duplicate-repository.js';
import { workingDaysSince } from '../workbench/working-days.js';
import { toDetail, toListItem } from './merchant-mapping.js';
import { escapeLike, identitySearch, searchVariants } from './merchant-search.js';

const ORDER: Record<MerchantSort, SQL[]> = {
  newest: [desc(merchants.submittedAt), desc(merchants.id)],
  oldest: [asc(merchants.submittedAt), asc(merchants.id)],
  nama_toko: [asc(sql`lower(${merchants.namaToko})`), desc(merchants.submittedAt)],
  status: [asc(merchants.status), desc(merchants.submittedAt)],
  // The review queue (issue 18): longest waiting since it last entered processing; served by merchants_queue_idx.
  queue: [asc(merchants.queuedAt), asc(merchants.id)],
};

type FilterQuery = Pick<MerchantListQuery, 'q' | 'status'> & { sort?: MerchantSort };

/** The queue is the processing merchants whatever the status filter says. */
function effectiveStatus(query: FilterQuery): MerchantListQuery['status'] {
  return query.sort === 'queue' ? 'processing' : query.status;
}

/** The filter shared by the list and the CSV export: never a soft-deleted row. */
export function merchantFilter(query: FilterQuery): SQL {
  const conditions: SQL[] = [eq(merchants.isDeleted, false)];
  const status = effectiveStatus(query);
  if (status !== 'all') conditions.push(eq(merchants.status, status));
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
export async function countMerchants(db: Db, query: FilterQuery): Promise<number> {
  const status = effectiveStatus(query);
  if (query.q) {
    const rows = await db.select({ total: count() }).from(merchants).where(merchantFilter(query));
    return Number(rows[0]?.total ?? 0);
  }
  const rows = await db
    .select({ total: sum(merchantCounts.n) })
    .from(merchantCounts)
    .where(status === 'all' ? undefined : eq(merchantCounts.status, status));
  // sum() is null over no rows and comes back as a string (bigint) from both drivers.
  return Number(rows[0]?.total ?? 0);
}

export async function listMerchants(db: Db, query: MerchantListQuery, now: Date = new Date()): Promise<MerchantList> {
  const [rows, total] = await Promise.all([
    db
      .select({ row: merchants, hasDuplicates: hasDuplicatesColumn })
      .from(merchants)
      .where(merchantFilter(query))
      .orderBy(...merchantOrder(query.sort))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    countMerchants(db, query),
  ]);
  const items = rows.map(({ row, hasDuplicates }) => toListItem(row, { ageWorkingDays: workingDaysSince(row.queuedAt, now), hasDuplicates }));
  return { items, total, page: query.page, page_size: query.page_size };
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

/** The detail an admin screen gets: the row, its age in working days and whether it has possible duplicates. */
export async function merchantDetail(db: Db, row: MerchantRow, now: Date): Promise<MerchantDetail> {
  return toDetail(row, { ageWorkingDays: workingDaysSince(row.queuedAt, now), hasDuplicates: await hasDuplicates(db, row.id) });
}
