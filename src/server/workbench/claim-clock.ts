import type { MerchantRow } from '../db/schema.js';

/** The application's time (tests move it) and CLAIM_IDLE_MINUTES: a claim older than that has lapsed. */
export type ClaimClock = { now: Date; idleMinutes: number };

/** The default of CLAIM_IDLE_MINUTES, for a caller whose config does not carry it (scripts, old tests). */
const DEFAULT_IDLE_MINUTES = 20;

/** The claim clock of a request: the application's time and the configured idle limit. */
export function claimClockOf(now: Date, config: object): ClaimClock {
  const idle = (config as { CLAIM_IDLE_MINUTES?: unknown }).CLAIM_IDLE_MINUTES;
  return { now, idleMinutes: typeof idle === 'number' ? idle : DEFAULT_IDLE_MINUTES };
}

/** A claim whose last heartbeat is before this has lapsed. */
export function claimCutoff({ now, idleMinutes }: ClaimClock): Date {
  return new Date(now.getTime() - idleMinutes * 60_000);
}

/** The admin who holds the row's claim now, or null (none, or lapsed). */
export function liveHolder(row: Pick<MerchantRow, 'claimedBy' | 'claimSeenAt'>, clock: ClaimClock): string | null {
  if (!row.claimedBy || !row.claimSeenAt) return null;
  return row.claimSeenAt.getTime() >= claimCutoff(clock).getTime() ? row.claimedBy : null;
}
