import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { CLAIM_MESSAGES, type ClaimRequest, type ClaimState, type QueueNext } from '../../domain/review-claims.js';
import { auditActor, writeAudit, writeAudits } from '../audit/public.js';
import type { Db } from '../db/database.js';
import { requireLockedMerchant } from '../db/merchant-rows.js';
import { executeRows } from '../db/query-rows.js';
import { merchants, users, type MerchantRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { claimCutoff, liveHolder, type ClaimClock } from './claim-clock.js';

/**
 * Claims on a case under review (docs/decisions/0038). A claim is three columns of the merchant's row; it
 * is read and changed only with the row locked (or, for 'Ambil Berikutnya', by one statement that locks
 * with SKIP LOCKED), so two admins never both hold one. It lapses CLAIM_IDLE_MINUTES after the review
 * screen's last heartbeat, measured by the application's clock (which tests move), never the database's.
 */
export type ClaimActor = { id: string; ip?: string | null; userAgent?: string | null };

export const RELEASED: Pick<MerchantRow, 'claimedBy' | 'claimedAt' | 'claimSeenAt'> = {
  claimedBy: null,
  claimedAt: null,
  claimSeenAt: null,
};

export async function adminEmails(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.email]));
}

export async function heldError(db: Db, holderId: string): Promise<AppError> {
  const email = (await adminEmails(db, [holderId])).get(holderId) ?? holderId;
  return new AppError(409, 'CLAIM_HELD', CLAIM_MESSAGES.heldBy(email));
}

export function claimAudit(
  actor: ClaimActor,
  action: 'claim_taken' | 'claim_released' | 'claim_takeover' | 'claim_assigned',
  row: MerchantRow,
  diff: Record<string, unknown> = {},
) {
  return {
    ...auditActor(actor),
    action,
    targetTable: 'merchants',
    targetId: row.id,
    diff: { merchant_name: row.namaToko, ...diff },
  };
}

/**
 * For a decision, an edit or a fix request on the locked row: another admin's live claim is a 409 naming
 * them; otherwise the columns that leave the caller holding the case (an unclaimed one is claimed by the
 * act itself, audited claim_taken so the time from claim to decision is measured from it).
 */
export async function claimForAct(
  tx: Db,
  row: MerchantRow,
  actor: ClaimActor,
  clock: ClaimClock,
  via: string,
): Promise<Partial<MerchantRow>> {
  const holder = liveHolder(row, clock);
  if (holder && holder !== actor.id) throw await heldError(tx, holder);
  if (holder === actor.id) return { claimSeenAt: clock.now };
  await writeAudit(tx, claimAudit(actor, 'claim_taken', row, { melalui: via }));
  return { claimedBy: actor.id, claimedAt: clock.now, claimSeenAt: clock.now };
}

async function stateOf(db: Db, merchantId: string, holderId: string | null): Promise<ClaimState> {
  if (!holderId) return { merchant_id: merchantId, diklaim_oleh: null };
  return { merchant_id: merchantId, diklaim_oleh: { id: holderId, email: (await adminEmails(db, [holderId])).get(holderId) ?? '' } };
}

export type ClaimChange = { state: ClaimState; changed: boolean };

/**
 * POST .../claim: takes the case, or keeps it (the review screen's heartbeat, unaudited). Another admin's
 * live claim is a 409 unless the body asks to take it over with a reason (audited claim_takeover).
 */
export async function takeClaim(
  db: Db,
  merchantId: string,
  request: ClaimRequest,
  actor: ClaimActor,
  clock: ClaimClock,
): Promise<ClaimChange> {
  return db.transaction(async (tx) => {
    const row = await requireLockedMerchant(tx, merchantId);
    const holder = liveHolder(row, clock);
    if (holder === actor.id) {
      await tx.update(merchants).set({ claimSeenAt: clock.now }).where(eq(merchants.id, row.id));
      return { state: await stateOf(tx, row.id, actor.id), changed: false };
    }
    if (holder && !request.ambil_alih) throw await heldError(tx, holder);
    await tx.update(merchants).set({ claimedBy: actor.id, claimedAt: clock.now, claimSeenAt: clock.now }).where(eq(merchants.id, row.id));
    if (holder) {
      const from = (await adminEmails(tx, [holder])).get(holder) ?? null;
      await writeAudit(tx, claimAudit(actor, 'claim_takeover', row, { dari: holder, dari_email: from, alasan: request.alasan ?? '' }));
    } else {
      await writeAudit(tx, claimAudit(actor, 'claim_taken', row));
    }
    return { state: await stateOf(tx, row.id, actor.id), changed: true };
  });
}

/** DELETE .../claim: the caller's claim ends (audited); another admin's live claim is theirs to release. */
export async function releaseClaim(db: Db, merchantId: string, actor: ClaimActor, clock: ClaimClock): Promise<ClaimChange> {
  return db.transaction(async (tx) => {
    const row = await requireLockedMerchant(tx, merchantId);
    const holder = liveHolder(row, clock);
    if (holder && holder !== actor.id) throw await heldError(tx, holder);
    if (row.claimedBy !== actor.id) return { state: await stateOf(tx, row.id, null), changed: false };
    await tx.update(merchants).set(RELEASED).where(eq(merchants.id, row.id));
    await writeAudit(tx, claimAudit(actor, 'claim_released', row));
    return { state: await stateOf(tx, row.id, null), changed: true };
  });
}

/** Sign-out: every claim the admin holds ends at once, each with its claim_released row. Returns their ids. */
export async function releaseAdminClaims(db: Db, actor: ClaimActor): Promise<string[]> {
  return db.transaction(async (tx) => {
    const released = await tx
      .update(merchants)
      .set(RELEASED)
      .where(and(isNotNull(merchants.claimedBy), eq(merchants.claimedBy, actor.id)))
      .returning();
    await writeAudits(
      tx,
      released.map((row) => claimAudit(actor, 'claim_released', row, { melalui: 'keluar' })),
    );
    return released.map((row) => row.id);
  });
}

/**
 * 'Ambil Berikutnya': the oldest processing merchant nobody holds (the queue's order), claimed in one
 * statement. SKIP LOCKED passes over a row another transaction is claiming, and the claim condition is
 * checked again on the locked row, so two admins pressing at once get two different merchants. A case the
 * caller approved first is left for another admin.
 */
export async function takeNextInQueue(db: Db, actor: ClaimActor, clock: ClaimClock): Promise<QueueNext | null> {
  const now = clock.now.toISOString();
  const cutoff = claimCutoff(clock).toISOString();
  return db.transaction(async (tx) => {
    const [picked] = await executeRows<{ id: string; kode_pendaftaran: string; nama_toko: string }>(
      tx,
      sql`with pick as (
        select id from merchants
        where status = 'processing' and is_deleted = false
          and (claimed_by is null or claim_seen_at < ${cutoff}::timestamptz)
          and persetujuan_pertama_oleh is distinct from ${actor.id}::uuid
        order by queued_at, id
        limit 1
        for update skip locked
      )
      update merchants set claimed_by = ${actor.id}::uuid, claimed_at = ${now}::timestamptz, claim_seen_at = ${now}::timestamptz
      from pick where merchants.id = pick.id
      returning merchants.id, merchants.kode_pendaftaran, merchants.nama_toko`,
    );
    if (!picked) return null;
    await writeAudit(tx, {
      ...auditActor(actor),
      action: 'claim_taken',
      targetTable: 'merchants',
      targetId: picked.id,
      diff: { merchant_name: picked.nama_toko, melalui: 'ambil_berikutnya' },
    });
    return { id: picked.id, kode_pendaftaran: picked.kode_pendaftaran };
  });
}
