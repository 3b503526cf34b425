import { and, eq, lt, ne } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { sessions, users, type SessionRow, type UserRow } from '../db/schema.js';
import { cachedStoredSettings } from '../settings/public.js';
import { generateToken, hashToken } from '../shared/tokens.js';

export type ValidSession = { session: SessionRow; user: UserRow };

// Between the password and the code a session opens nothing; it need not live long.
const PENDING_MINUTES = 10;
// Sliding writes at most once a minute per session, not on every request.
const SLIDE_GRANULARITY_MS = 60_000;

const minutes = (n: number) => n * 60_000;

/**
 * The idle timeout: the admin's setting (Settings → session_timeout_minutes, decision 0022) once saved, else the
 * server's SESSION_IDLE_MINUTES.
 */
async function idleMinutes(db: Db, config: Config): Promise<number> {
  return (await cachedStoredSettings(db)).session_timeout_minutes ?? config.SESSION_IDLE_MINUTES;
}

export type NewSession = { userId: string; secondFactorPending: boolean; ip: string | null; userAgent: string | null };

/** A fresh random token (256 bits); only its SHA-256 is stored, so the table cannot be replayed. */
export async function createSession(db: Db, config: Config, input: NewSession, now: Date): Promise<{ token: string; session: SessionRow }> {
  const token = generateToken();
  const idle = minutes(await idleMinutes(db, config));
  const idleMs = input.secondFactorPending ? Math.min(minutes(PENDING_MINUTES), idle) : idle;
  const [session] = await db
    .insert(sessions)
    .values({
      id: hashToken(token),
      userId: input.userId,
      secondFactorPending: input.secondFactorPending,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + idleMs),
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
    })
    .returning();
  // Expired rows of this user go while we are here; nothing else needs a sweeper.
  await db.delete(sessions).where(and(eq(sessions.userId, input.userId), lt(sessions.expiresAt, now)));
  return { token, session: session! };
}

/**
 * The Copenhagen Book's validation: unknown, idle-expired or past the absolute lifetime is no session
 * (and the row goes); otherwise activity slides the idle window, never past the absolute end.
 */
export async function validateSessionToken(
  db: Db,
  config: Config,
  token: string,
  now: Date,
  options: { slide?: boolean } = {},
): Promise<ValidSession | null> {
  const id = hashToken(token);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  if (!row) return null;
  const { session } = row;
  const absoluteEnd = session.createdAt.getTime() + config.SESSION_ABSOLUTE_HOURS * 3_600_000;
  const idle = minutes(await idleMinutes(db, config));
  // A timeout shortened in Settings applies at once, also to sessions whose expiry was set under the old one.
  const idleOver = !session.secondFactorPending && now.getTime() - session.lastSeenAt.getTime() >= idle;
  if (now.getTime() >= session.expiresAt.getTime() || now.getTime() >= absoluteEnd || idleOver) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  // A request the browser makes by itself (an SSE reconnect, a heartbeat check) is no sign of a person.
  if (options.slide !== false && !session.secondFactorPending && now.getTime() - session.lastSeenAt.getTime() >= SLIDE_GRANULARITY_MS) {
    const expiresAt = new Date(Math.min(now.getTime() + idle, absoluteEnd));
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
    return { session: { ...session, lastSeenAt: now, expiresAt }, user: row.user };
  }
  return row;
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await deleteSession(db, hashToken(token));
}

/** Every session of the user, or all but one (a password change keeps the session that made it). */
export async function deleteUserSessions(db: Db, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId));
}

/** Used by tests and the admin tools: how many live rows a user has. */
export async function countUserSessions(db: Db, userId: string): Promise<number> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  return rows.length;
}
