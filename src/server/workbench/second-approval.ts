import { eq } from 'drizzle-orm';
import { CLAIM_MESSAGES } from '../../domain/review-claims.js';
import { auditActor, writeAudit } from '../audit/public.js';
import type { Db } from '../db/database.js';
import { merchants, type MerchantRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { readSettings } from '../settings/public.js';
import { RELEASED, type ClaimActor } from './claims.js';
import { hasReviewWarnings } from './review-warnings.js';

/**
 * The four-eyes rule (settings `four_eyes`, docs/decisions/0038). `first`: this 'verified' is the first of
 * two and the status does not change; `complete`: another admin's 'verified' after a first approval;
 * `none`: no second approval is involved.
 */
export type ApprovalStep = 'first' | 'complete' | 'none';

/** Any decision other than the second 'verified' clears a waiting first approval. */
export const NO_FIRST_APPROVAL: Pick<MerchantRow, 'persetujuanPertamaOleh' | 'persetujuanPertamaAt'> = {
  persetujuanPertamaOleh: null,
  persetujuanPertamaAt: null,
};

export async function approvalStep(tx: Db, row: MerchantRow, next: string, actorId: string): Promise<ApprovalStep> {
  if (next !== 'verified') return 'none';
  if (row.persetujuanPertamaAt) {
    if (row.persetujuanPertamaOleh === actorId) throw new AppError(403, 'SECOND_APPROVER_REQUIRED', CLAIM_MESSAGES.secondApproverSame);
    return 'complete';
  }
  if (row.status === 'verified') return 'none';
  const rules = (await readSettings(tx)).four_eyes;
  const needsSecond =
    rules.selalu ||
    (rules.omset_di_atas !== null && row.omsetPerBulan > rules.omset_di_atas) ||
    (rules.saat_peringatan && (await hasReviewWarnings(tx, row.id)));
  return needsSecond ? 'first' : 'none';
}

/**
 * Records the first 'verified': who and when, nothing the applicant sees (the status stays, no e-mail, no
 * webhook, the orders wait). The claim ends so another admin can take the case for the second approval.
 */
export async function recordFirstApproval(
  tx: Db,
  row: MerchantRow,
  actor: ClaimActor,
  now: Date,
  diff: Record<string, unknown>,
): Promise<MerchantRow> {
  const [updated] = await tx
    .update(merchants)
    .set({ persetujuanPertamaOleh: actor.id, persetujuanPertamaAt: now, ...RELEASED, updatedAt: now })
    .where(eq(merchants.id, row.id))
    .returning();
  await writeAudit(tx, {
    ...auditActor(actor),
    action: 'first_approval',
    targetTable: 'merchants',
    targetId: row.id,
    diff: { merchant_name: row.namaToko, status: row.status, ...diff },
  });
  return updated!;
}
