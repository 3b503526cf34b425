import { and, asc, count, desc, eq, ilike, inArray, like, or, sql, sum, type SQL } from 'drizzle-orm';
import {
  EXACT_TOTAL_CAP,
  type MerchantDetail,
  type MerchantList,
  type MerchantListQuery,
  type MerchantSort,
} from '../../domain/merchants.js';
import { checkWarningsColumn, hasCheckWarnings } from '../checks/public.js';
import type { Db } from '../db/database.js';
import { toDetail, toListItem } from '../db/merchant-columns.js';
import { merchantCounts, merchants, merchantSearchText, type MerchantRow } from '../db/schema.js';
import { codePrefix, escapeLike, identitySearch, searchVariants } from '../db/search-terms.js';
import { bankChangedByApplicant } from '../perbaikan/public.js';
import { workingDaysSince } from '../shared/working-days.js';
import { hasDuplicates, hasDuplicatesColumn, type ClaimClock } from '../workbench/public.js';
import { claimCounts, claimFilter, reviewColumns, reviewFacts, reviewFactsOf, type ClaimView } from './claim-list.js';

const ORDER: Record<MerchantSort, SQL[]> = {
  newest: [desc(merchants.submittedAt), desc(merchants.id)],
  oldest: [asc(merchants.submittedAt), asc(merchants.id)],
  nama_toko: [asc(sql`lower(${merchants.namaToko})`), desc(merchants.submittedAt)],
  status: [asc(merchants.status), desc(merchants.submittedAt)],
  // The review queue (decision 0022): longest waiting since it last entered processing; served by merchants_queue_idx.
  queue: [asc(merchants.queuedAt), asc(merchants.id)],
};

type FilterQuery = Pick<MerchantListQuery, 'q' | 'status'> & {
  sort?: MerchantSort;
  peringatan?: 'ada';
  klaim?: MerchantListQuery['klaim'];
};

/** The queue is the processing merchants whatever the status filter says. */
function effectiveStatus(query: FilterQuery): MerchantListQuery['status'] {
  return query.sort === 'queue' ? 'processing' : query.status;
}

/** The filter shared by the list and the CSV export: never a soft-deleted row. */
export function merchantFilter(query: FilterQuery, view?: ClaimView): SQL {
  const conditions: SQL[] = [eq(merchants.isDeleted, false)];
  const claimed = claimFilter(query.klaim, view);
  if (claimed) conditions.push(claimed);
  const status = effectiveStatus(query);
  if (status !== 'all') conditions.push(eq(merchants.status, status));
  if (query.peringatan === 'ada') conditions.push(hasCheckWarnings);
  const code = query.q ? codePrefix(query.q) : undefined;
  if (code) {
    // `AIP-…` is a registration code: a prefix of the code column, through its text_pattern_ops index,
    // instead of a trigram match over every row's text (docs/decisions/0023).
    conditions.push(like(merchants.kodePendaftaran, `${escapeLike(code)}%`));
  } else if (query.q) {
    // The same expression as the trigram index, so PostgreSQL can use it.
    // A spelling in the stored +62 form is the start of a phone: a prefix of no_hp, through its index.
    const matches = searchVariants(query.q).map((v) =>
      v.startsWith('+') ? like(merchants.noHp, `${escapeLike(v)}%`) : ilike(merchantSearchText, `%${escapeLike(v)}%`),
    );
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

export type MerchantTotal = Pick<MerchantList, 'total' | 'total_capped'>;

/**
 * How far above the cap the planner's estimate must be before a search is not counted at all. At a
 * million rows its estimates were within 1.9x of the truth for the broad searches measured (decision 0023).
 */
const ESTIMATE_MARGIN = 2;

/** The planner's estimate of the rows a filter matches: planning only, nothing is read. */
export async function estimatedMatches(db: Db, filter: SQL): Promise<number> {
  const result = await db.execute(sql`explain (format json) select 1 from ${merchants} where ${filter}`);
  const cell = Object.values((result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {})[0];
  // The plan comes back parsed (json) or as text, depending on the driver.
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: { 'Plan Rows': number } }];
  return plan[0].Plan['Plan Rows'];
}

/**
 * How many live merchants match. Without a search the answer is the per-status counters the triggers of
 * migration 0002 keep exact, instead of counting a million rows per page view (docs/decisions/0004). With
 * a search the matches are counted up to EXACT_TOTAL_CAP and no further, and not at all when the planner
 * expects far more: counting 80,000 trigram matches rechecks as many rows, several times the cost of the
 * page itself, for a figure nobody pages through (docs/decisions/0023).
 */
export async function countMerchants(db: Db, query: FilterQuery, view?: ClaimView): Promise<MerchantTotal> {
  const status = effectiveStatus(query);
  // The counters know statuses only: a warnings filter is counted like a search.
  if (query.q || query.peringatan) {
    const filter = merchantFilter(query, view);
    const capped = { total: EXACT_TOTAL_CAP, total_capped: true };
    if ((await estimatedMatches(db, filter)) >= ESTIMATE_MARGIN * EXACT_TOTAL_CAP) return capped;
    const matches = db
      .select({ one: sql`1` })
      .from(merchants)
      .where(filter)
      .limit(EXACT_TOTAL_CAP + 1)
      .as('matches');
    const rows = await db.select({ total: count() }).from(matches);
    const total = Number(rows[0]?.total ?? 0);
    return total > EXACT_TOTAL_CAP ? capped : { total, total_capped: false };
  }
  const rows = await db
    .select({ total: sum(merchantCounts.n) })
    .from(merchantCounts)
    .where(status === 'all' ? undefined : eq(merchantCounts.status, status));
  // sum() is null over no rows and comes back as a string (bigint) from both drivers.
  const total = Number(rows[0]?.total ?? 0);
  if (query.klaim && view) {
    // A claim filter without a search: the processing counter less the held claims (claim-list.ts).
    const counts = await claimCounts(db, view, total);
    return { total: query.klaim === 'saya' ? counts.milik_saya : counts.belum_diambil, total_capped: false };
  }
  return { total, total_capped: false };
}

/**
 * A page by its offset, one row more than asked (whether a page follows). The offset is skipped over ids
 * alone, which the order's index holds (an index-only scan), and only the page's rows are read whole:
 * page 2,000 skips 50,000 index entries instead of fetching 50,000 rows to throw away.
 */
/** A page's row and whether it has a possible duplicate (the queue's list mark, decision 0022). */
type PageRow = {
  row: MerchantRow;
  hasDuplicates: boolean;
  checkWarnings: number;
  holderEmail: string | null;
  firstApproverEmail: string | null;
};
const PAGE_COLUMNS = { row: merchants, hasDuplicates: hasDuplicatesColumn, checkWarnings: checkWarningsColumn, ...reviewColumns };

async function offsetPage(db: Db, query: MerchantListQuery, view?: ClaimView): Promise<PageRow[]> {
  const order = merchantOrder(query.sort);
  const ids = db
    .select({ id: merchants.id })
    .from(merchants)
    .where(merchantFilter(query, view))
    .orderBy(...order)
    .limit(query.page_size + 1)
    .offset((query.page - 1) * query.page_size);
  return db
    .select(PAGE_COLUMNS)
    .from(merchants)
    .where(inArray(merchants.id, ids))
    .orderBy(...order);
}

/** Keyset paging walks these orders: (submitted_at, id) is unique, so a row's place in it is exact. */
const KEYSET_SORTS: ReadonlySet<MerchantSort> = new Set(['newest', 'oldest']);

/**
 * The page after (or before) a row, one row more than asked: an index range that starts at the row, so
 * page 40,000 costs what page 2 does. The row is compared by its own stored (submitted_at, id), so
 * timestamps equal to the microsecond still page without skipping or repeating a row.
 */
async function keysetPage(
  db: Db,
  query: MerchantListQuery,
  cursor: { id: string; forward: boolean },
  view?: ClaimView,
): Promise<PageRow[]> {
  const ascending = (query.sort === 'oldest') === cursor.forward;
  const anchor = sql`(select ${merchants.submittedAt}, ${merchants.id} from ${merchants} where ${merchants.id} = ${cursor.id})`;
  const place = ascending
    ? sql`(${merchants.submittedAt}, ${merchants.id}) > ${anchor}`
    : sql`(${merchants.submittedAt}, ${merchants.id}) < ${anchor}`;
  const rows = await db
    .select(PAGE_COLUMNS)
    .from(merchants)
    .where(and(merchantFilter(query, view), place))
    .orderBy(...merchantOrder(ascending ? 'oldest' : 'newest'))
    .limit(query.page_size + 1);
  if (cursor.forward) return rows;
  // Walking backwards: the extra row is the one furthest back, and the page reads in the list's order.
  return rows.slice(0, query.page_size).reverse();
}

/** `view`: the signed-in admin, for the claim filters, the holders and (sort=queue) the claim counts. */
export async function listMerchants(db: Db, query: MerchantListQuery, now: Date = new Date(), view?: ClaimView): Promise<MerchantList> {
  const cursorId = query.after ?? query.before;
  const cursor = cursorId && query.page > 1 && KEYSET_SORTS.has(query.sort) ? { id: cursorId, forward: Boolean(query.after) } : undefined;
  const counted = view && query.sort === 'queue' && !query.q ? queueCounts(db, view) : undefined;
  const [keyed, total, claim_counts] = await Promise.all([
    cursor ? keysetPage(db, query, cursor, view) : undefined,
    countMerchants(db, query, view),
    counted,
  ]);
  // A cursor row that no longer exists (purged) finds nothing: the page number still finds the page.
  const rows = keyed && keyed.length > 0 ? keyed : await offsetPage(db, query, view);
  // Before a row there is always that row itself, so a page reached backwards has a next one.
  const hasNext = keyed && keyed.length > 0 && !cursor?.forward ? true : rows.length > query.page_size;
  const items = rows.slice(0, query.page_size).map(({ row, hasDuplicates, checkWarnings, ...emails }) =>
    toListItem(row, {
      ageWorkingDays: workingDaysSince(row.queuedAt, now),
      hasDuplicates,
      checkWarnings,
      review: reviewFacts(row, emails, view ?? { now, idleMinutes: 0 }),
    }),
  );
  return { items, ...total, has_next: hasNext, page: query.page, page_size: query.page_size, ...(claim_counts ? { claim_counts } : {}) };
}

async function queueCounts(db: Db, view: ClaimView) {
  const processing = await countMerchants(db, { status: 'processing' });
  return claimCounts(db, view, processing.total);
}

/** The detail an admin screen gets: the row, its age in working days and whether it has possible duplicates. */
export async function merchantDetail(
  db: Db,
  row: MerchantRow,
  now: Date,
  clock: ClaimClock = { now, idleMinutes: 20 },
): Promise<MerchantDetail> {
  return toDetail(row, {
    review: await reviewFactsOf(db, row, clock),
    ageWorkingDays: workingDaysSince(row.queuedAt, now),
    hasDuplicates: await hasDuplicates(db, row.id),
    bankChangedByApplicant: await bankChangedByApplicant(db, row.id),
  });
}
