import { and, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ClaimCounts, ClaimFilter } from '../../domain/review-claims.js';
import type { Db } from '../db/database.js';
import type { ReviewFacts } from '../db/merchant-columns.js';
import { merchants, users, type MerchantRow } from '../db/schema.js';
import { claimCutoff, liveHolder, type ClaimClock } from '../workbench/public.js';

/** Who is looking at the list, and when: 'Milik saya' and the lapse of claims depend on both. */
export type ClaimView = ClaimClock & { adminId: string };

/** The queue's claim filter: the caller's live claims, or the cases nobody holds (never claimed, or lapsed). */
export function claimFilter(klaim: ClaimFilter | undefined, view: ClaimView | undefined): SQL | undefined {
  if (!klaim || !view) return undefined;
  const cutoff = claimCutoff(view);
  if (klaim === 'saya') return and(eq(merchants.claimedBy, view.adminId), gte(merchants.claimSeenAt, cutoff));
  return or(isNull(merchants.claimedBy), lt(merchants.claimSeenAt, cutoff));
}

/** A page row's holder and first approver e-mails, read with the page (two key lookups per row). */
export const reviewColumns = {
  holderEmail: sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${merchants.claimedBy})`,
  firstApproverEmail: sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${merchants.persetujuanPertamaOleh})`,
};

export function reviewFacts(
  row: MerchantRow,
  emails: { holderEmail: string | null; firstApproverEmail: string | null },
  clock: ClaimClock,
): ReviewFacts {
  const holder = liveHolder(row, clock);
  return { holder: holder ? { id: holder, email: emails.holderEmail ?? '' } : null, firstApprover: emails.firstApproverEmail };
}

/** The same for one row (the detail screen). */
export async function reviewFactsOf(db: Db, row: MerchantRow, clock: ClaimClock): Promise<ReviewFacts> {
  const [emails] = await db.select(reviewColumns).from(merchants).where(eq(merchants.id, row.id));
  return reviewFacts(row, emails ?? { holderEmail: null, firstApproverEmail: null }, clock);
}

/**
 * The queue's counts: the caller's live claims and the processing cases nobody holds. Only held claims are
 * counted (through merchants_claimed_by_idx, a few rows per reviewer); the unclaimed are the exact
 * processing counter less those, never a count over 100,000 rows.
 */
export async function claimCounts(db: Db, view: ClaimView, processingTotal: number): Promise<ClaimCounts> {
  const [row] = await db
    .select({
      mine: sql<number>`count(*) filter (where ${merchants.claimedBy} = ${view.adminId})`.mapWith(Number),
      held: sql<number>`count(*)`.mapWith(Number),
    })
    .from(merchants)
    .where(
      and(
        sql`${merchants.claimedBy} is not null`,
        gte(merchants.claimSeenAt, claimCutoff(view)),
        eq(merchants.status, 'processing'),
        eq(merchants.isDeleted, false),
      ),
    );
  return { milik_saya: row?.mine ?? 0, belum_diambil: Math.max(0, processingTotal - (row?.held ?? 0)) };
}
