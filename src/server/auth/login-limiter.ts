import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { loginFailures } from '../db/schema.js';
import { tooManyAttempts } from './auth-errors.js';

export const FAILURE_WINDOW_MS = 15 * 60_000;
// One address may fail for several accounts (an office behind one NAT), but not endlessly.
const IP_FACTOR = 4;
// Rows older than this count for nothing; they are pruned as new failures arrive.
const KEEP_MS = 24 * 3_600_000;

export type Attempt = { account: string; ip: string };

async function failuresSince(db: Db, where: ReturnType<typeof and>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(loginFailures).where(where);
  return Number(row?.n ?? 0);
}

/**
 * Refuses before any password is checked once the account (known or not: the e-mail as typed) or the
 * client address has too many recent failures. The address is request.ip, which ignores
 * X-Forwarded-For unless TRUST_PROXY is set, so a forged header neither resets nor dodges the count.
 */
export async function requireUnderFailureLimit(db: Db, config: Config, attempt: Attempt, now: Date): Promise<void> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const [perAccount, perIp] = await Promise.all([
    failuresSince(db, and(eq(loginFailures.account, attempt.account), gt(loginFailures.createdAt, since))),
    failuresSince(db, and(eq(loginFailures.ip, attempt.ip), gt(loginFailures.createdAt, since))),
  ]);
  if (perAccount >= config.RATE_LIMIT_LOGIN_FAILURES || perIp >= config.RATE_LIMIT_LOGIN_FAILURES * IP_FACTOR) {
    throw tooManyAttempts();
  }
}

export async function recordFailure(db: Db, attempt: Attempt, now: Date): Promise<void> {
  await db.insert(loginFailures).values({ account: attempt.account, ip: attempt.ip, createdAt: now });
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(now.getTime() - KEEP_MS)));
}

/** A completed sign-in starts the account's count afresh; the address keeps its record. */
export async function clearAccountFailures(db: Db, account: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.account, account));
}
