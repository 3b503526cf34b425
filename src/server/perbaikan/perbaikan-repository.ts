import { and, eq, gt, isNull } from 'drizzle-orm';
import { FIX_LINK_DAYS } from '../../domain/perbaikan-texts.js';
import type { FixItem } from '../../domain/perbaikan.js';
import type { Db } from '../db/database.js';
import { fixRequests, type FixRequestRow } from '../db/schema.js';
import { generateToken, hashToken } from '../shared/tokens.js';

const DAY = 24 * 60 * 60 * 1000;

export type NewFixRequest = { merchantId: string; items: FixItem[]; catatan: string | null; createdBy: string | null; now: Date };

/** Ends every open fix request of the merchant: a newer one, or a status decided otherwise, replaces it. */
export async function supersedeFixRequests(tx: Db, merchantId: string, now: Date): Promise<void> {
  await tx
    .update(fixRequests)
    .set({ supersededAt: now })
    .where(and(eq(fixRequests.merchantId, merchantId), isNull(fixRequests.usedAt), isNull(fixRequests.supersededAt)));
}

/** A new request and its link token (256 random bits); only the token's hash is stored. */
export async function createFixRequest(tx: Db, input: NewFixRequest): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(input.now.getTime() + FIX_LINK_DAYS * DAY);
  await tx.insert(fixRequests).values({
    merchantId: input.merchantId,
    tokenHash: hashToken(token),
    items: input.items,
    catatanAdmin: input.catatan,
    createdBy: input.createdBy,
    createdAt: input.now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The open, unexpired request a link's token names; with `lock`, locked until the transaction ends. */
export async function findOpenFixRequest(db: Db, token: string, now: Date, lock = false): Promise<FixRequestRow | undefined> {
  if (token.length < 16 || token.length > 200) return undefined;
  const query = db
    .select()
    .from(fixRequests)
    .where(
      and(
        eq(fixRequests.tokenHash, hashToken(token)),
        isNull(fixRequests.usedAt),
        isNull(fixRequests.supersededAt),
        gt(fixRequests.expiresAt, now),
      ),
    )
    .limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function markFixRequestUsed(tx: Db, id: string, now: Date, replacedDocuments: Record<string, string | null>): Promise<void> {
  await tx.update(fixRequests).set({ usedAt: now, replacedDocuments }).where(eq(fixRequests.id, id));
}
