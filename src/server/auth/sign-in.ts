import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionInfo } from '../../domain/auth.js';
import { writeAudit } from '../audit/public.js';
import type { UserRow } from '../db/schema.js';
import { readSessionToken, setSessionCookie } from './session-cookie.js';
import { sessionInfo } from './session-info.js';
import { createSession, deleteSessionByToken } from './session-store.js';
import { normalizeEmail } from './user-store.js';

export type SignInMethod = 'password' | 'totp' | 'recovery_code';

/**
 * Issues a brand-new session for the user, whatever cookie the request carried: a token planted
 * before sign-in (session fixation) is deleted, never promoted. A complete sign-in is audited.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  options: { secondFactorPending: boolean; method: SignInMethod },
): Promise<SessionInfo> {
  const { db, config, now, loginLimiter } = request.server.deps;
  const presented = readSessionToken(request, config);
  if (presented) await deleteSessionByToken(db, presented);
  const at = now();
  const userAgent = request.headers['user-agent'] ?? null;
  const { token, session } = await createSession(
    db,
    config,
    { userId: user.id, secondFactorPending: options.secondFactorPending, ip: request.ip, userAgent },
    at,
  );
  setSessionCookie(reply, config, token);
  if (!options.secondFactorPending) {
    await loginLimiter.clearAccount(normalizeEmail(user.email));
    // docs/spec.md §8: a failed audit write is logged and does not block the action.
    await writeAudit(db, {
      actorId: user.id,
      action: 'login',
      targetTable: 'users',
      targetId: user.id,
      diff: { method: options.method },
      ip: request.ip,
      userAgent,
    }).catch((error: unknown) => request.log.error({ err: error }, 'login audit write failed'));
    request.log.info({ userId: user.id, method: options.method }, 'signed in');
  }
  return sessionInfo(config, { session, user });
}
