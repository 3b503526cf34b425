import { and, count, eq, gt, lt, max, ne } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { loginFailures } from '../db/schema.js';
import { tooManyAttempts } from '../http/auth-errors.js';

export const FAILURE_WINDOW_MS = 15 * 60_000;
// One address may fail for several accounts (an office behind one NAT), but not endlessly.
export const IP_FACTOR = 4;
// Rows older than this count for nothing; they are pruned as new failures arrive.
const KEEP_MS = 24 * 3_600_000;
// Past the limit each attempt waits 1, 2, 4 ... seconds after the latest failure, never longer than this:
// the owner of an attacked account is slowed, never locked out.
export const MAX_WAIT_SECONDS = 30;

export type Attempt = { account: string; ip: string };
/** One admitted attempt: it counts as a failure until the caller releases it. */
export type AttemptTicket = { id: string } & Attempt;

/**
 * Where failed sign-ins are counted: the database (PostgreSQL shared by every instance, or the embedded
 * one), or Redis when REDIS_URL is set (redis-login-limiter.ts). Both follow the rules of admitAttempt.
 */
export type LoginLimiter = {
  admit(attempt: Attempt, now: Date): Promise<AttemptTicket>;
  /** The check passed (or was not a guess at all): the attempt does not count. */
  release(ticket: AttemptTicket): Promise<void>;
  /** The check failed: the attempt stays as a failure. */
  keep(now: Date): Promise<void>;
  /** A completed sign-in starts the account's count afresh; the address keeps its record. */
  clearAccount(account: string): Promise<void>;
};

export function databaseLoginLimiter(db: Db, config: Config): LoginLimiter {
  return {
    admit: (attempt, now) => admitAttempt(db, config, attempt, now),
    release: (ticket) => releaseAttempt(db, ticket),
    keep: (now) => keepFailure(db, now),
    clearAccount: (account) => clearAccountFailures(db, account),
  };
}

async function countSince(db: Db, where: ReturnType<typeof and>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(loginFailures).where(where);
  return Number(row?.n ?? 0);
}

async function latestOtherFailure(db: Db, where: ReturnType<typeof and>): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(loginFailures.createdAt) })
    .from(loginFailures)
    .where(where);
  return row?.at ?? null;
}

/** Seconds this attempt still has to wait, given how far past its limit the count is (0: go ahead). */
export function waitSeconds(failures: number, limit: number, latest: Date | null, now: Date): number {
  if (failures <= limit || latest === null) return 0;
  const wait = Math.min(2 ** (failures - limit - 1), MAX_WAIT_SECONDS);
  const elapsed = (now.getTime() - latest.getTime()) / 1000;
  return elapsed >= wait ? 0 : Math.ceil(wait - elapsed);
}

/**
 * Admits one password or code check, or answers 429 with the seconds to wait. The attempt is written as
 * a failure BEFORE the counts are read, so requests of a parallel burst see each other and get no extra
 * tries; a refused attempt removes its row again, so refusals neither count nor move the clock (an
 * attacker's spam cannot keep the owner out). The address is request.ip, which ignores X-Forwarded-For
 * unless TRUST_PROXY is set, so a forged header neither resets nor dodges the count.
 */
export async function admitAttempt(db: Db, config: Config, attempt: Attempt, now: Date): Promise<AttemptTicket> {
  const [row] = await db
    .insert(loginFailures)
    .values({ account: attempt.account, ip: attempt.ip, createdAt: now })
    .returning({ id: loginFailures.id });
  const ticket = { id: String(row!.id), ...attempt };
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const byAccount = and(eq(loginFailures.account, attempt.account), gt(loginFailures.createdAt, since));
  const byIp = and(eq(loginFailures.ip, attempt.ip), gt(loginFailures.createdAt, since));
  const [perAccount, perIp, latestAccount, latestIp] = await Promise.all([
    countSince(db, byAccount),
    countSince(db, byIp),
    latestOtherFailure(db, and(byAccount, ne(loginFailures.id, row!.id))),
    latestOtherFailure(db, and(byIp, ne(loginFailures.id, row!.id))),
  ]);
  const wait = Math.max(
    waitSeconds(perAccount, config.RATE_LIMIT_LOGIN_FAILURES, latestAccount, now),
    waitSeconds(perIp, config.RATE_LIMIT_LOGIN_FAILURES * IP_FACTOR, latestIp, now),
  );
  if (wait > 0) {
    await releaseAttempt(db, ticket);
    throw tooManyAttempts(wait);
  }
  return ticket;
}

/** The check passed (or was not a guess at all): the attempt does not count. */
export async function releaseAttempt(db: Db, ticket: AttemptTicket): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, Number(ticket.id)));
}

/** The check failed: the attempt's row stays as the failure; very old rows go. */
export async function keepFailure(db: Db, now: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(now.getTime() - KEEP_MS)));
}

/** A completed sign-in starts the account's count afresh; the address keeps its record. */
export async function clearAccountFailures(db: Db, account: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.account, account));
}
