import { and, eq } from 'drizzle-orm';
import { CLAIM_MESSAGES, type BulkRequest, type BulkResult } from '../../domain/review-claims.js';
import { writeAudit } from '../audit/public.js';
import type { Db } from '../db/database.js';
import { lockMerchant } from '../db/merchant-rows.js';
import { merchants, users } from '../db/schema.js';
import { badRequest } from '../http/app-error.js';
import { liveHolder, type ClaimClock } from './claim-clock.js';
import { claimAudit, RELEASED, type ClaimActor } from './claims.js';

type Outcome = { done: true } | { done: false; alasan: string };

/**
 * POST /api/admin/merchants/bulk: claim, release or assign many cases. Each row in its own short
 * transaction with its own audit row: one row another admin holds is skipped and reported, the others go
 * through. Never a decision (no bulk verify).
 */
export async function bulkClaims(db: Db, request: BulkRequest, actor: ClaimActor, clock: ClaimClock): Promise<BulkResult> {
  const assignee = request.aksi === 'tugaskan' ? await requireAdminUser(db, request.admin_id!) : null;
  const result: BulkResult = { berhasil: [], dilewati: [] };
  for (const id of [...new Set(request.ids)]) {
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const row = await lockMerchant(tx, id);
      if (!row) return { done: false, alasan: CLAIM_MESSAGES.skippedMissing };
      const holder = liveHolder(row, clock);
      const target = request.aksi === 'ambil' ? actor.id : request.aksi === 'tugaskan' ? assignee!.id : null;
      // Another admin's live claim is theirs: skipped (only the one it is assigned to may already hold it).
      if (holder && holder !== actor.id && holder !== target) return { done: false, alasan: CLAIM_MESSAGES.skippedHeld };
      if (target === null) {
        if (row.claimedBy !== actor.id) return { done: true };
        await tx.update(merchants).set(RELEASED).where(eq(merchants.id, row.id));
        await writeAudit(tx, claimAudit(actor, 'claim_released', row));
        return { done: true };
      }
      if (holder === target) return { done: true };
      await tx.update(merchants).set({ claimedBy: target, claimedAt: clock.now, claimSeenAt: clock.now }).where(eq(merchants.id, row.id));
      await writeAudit(
        tx,
        assignee
          ? claimAudit(actor, 'claim_assigned', row, { kepada: assignee.id, kepada_email: assignee.email })
          : claimAudit(actor, 'claim_taken', row, { melalui: 'massal' }),
      );
      return { done: true };
    });
    if (outcome.done) result.berhasil.push(id);
    else result.dilewati.push({ id, alasan: outcome.alasan });
  }
  return result;
}

async function requireAdminUser(db: Db, id: string): Promise<{ id: string; email: string }> {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'admin')));
  if (!user) throw badRequest(CLAIM_MESSAGES.adminNotFound, 'admin_id');
  return user;
}
