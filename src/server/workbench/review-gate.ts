import type { Db } from '../db/database.js';
import type { MerchantRow } from '../db/schema.js';
import type { ClaimClock } from './claim-clock.js';
import { claimForAct, RELEASED, type ClaimActor } from './claims.js';
import { approvalStep, NO_FIRST_APPROVAL } from './second-approval.js';

export type Gate = { first: boolean; columns: Partial<MerchantRow> };

/**
 * Before an edit (`next` null) or a decision on the locked row: another admin's claim is a 409; the
 * caller holds the case afterwards. A decision that leaves processing ends the claim and any waiting
 * first approval; `first` says this 'verified' is only the first of two (the caller records it instead).
 */
export async function gateChange(tx: Db, row: MerchantRow, next: string | null, actor: ClaimActor, clock: ClaimClock): Promise<Gate> {
  const claim = await claimForAct(tx, row, actor, clock, next === null ? 'update' : 'status_change');
  if (next === null) return { first: false, columns: claim };
  if ((await approvalStep(tx, row, next, actor.id)) === 'first') return { first: true, columns: claim };
  return { first: false, columns: { ...(next === 'processing' ? claim : RELEASED), ...NO_FIRST_APPROVAL } };
}
