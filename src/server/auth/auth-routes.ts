import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../domain/api-error.js';
import { LoginBodySchema, SecondFactorBodySchema, SessionInfoSchema } from '../../domain/auth.js';
import { invalidCredentials, invalidSecondFactor, notAdmin, unauthenticated } from '../http/auth-errors.js';
import { noStore } from '../http/no-store.js';
import { releaseClaimsOnSignOut } from '../workbench/public.js';
import { ensureBootAdmin } from './boot-admin.js';
import { burnPasswordCheck, verifyPassword } from './password.js';
import { consumeRecoveryCode } from './recovery-codes.js';
import { loadSession } from './request-auth.js';
import { requireSameOrigin } from './same-origin.js';
import { clearSessionCookie, readSessionToken } from './session-cookie.js';
import { sessionInfo } from './session-info.js';
import { deleteSession, deleteSessionByToken, deleteUserSessions } from './session-store.js';
import { startSession } from './sign-in.js';
import { consumeTotpCode } from './totp.js';
import { findUserByEmail, normalizeEmail } from './user-store.js';

// Besides the per-account and per-address failure counts in the database, a plain request cap per
// address keeps argon2 from being used to burn the CPU. Its store failing refuses sign-in (fails closed).
const SIGN_IN_RATE_LIMIT = { max: 30, timeWindow: '1 minute', skipOnError: false };

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 429: ApiErrorSchema };

/** /api/auth/...: sign-in, second factor, session check, sign-out. Registering it also seeds the admin. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await ensureBootAdmin(app);
  const { db, config, now, loginLimiter } = app.deps;

  app.addHook('onRequest', async (request) => {
    requireSameOrigin(request);
  });
  app.addHook('onSend', noStore);

  app.post(
    '/login',
    {
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
      schema: { tags: ['auth'], body: LoginBodySchema, response: { 200: SessionInfoSchema, ...errors } },
    },
    async (request, reply) => {
      const account = normalizeEmail(request.body.email);
      const attempt = { account, ip: request.ip };
      const ticket = await loginLimiter.admit(attempt, now());
      const user = await findUserByEmail(db, account);
      const valid = user ? await verifyPassword(user.passwordHash, request.body.password) : await burnPasswordCheck(request.body.password);
      if (!user || !valid) {
        await loginLimiter.keep(now());
        request.log.warn({ account, ip: request.ip, reason: user ? 'wrong_password' : 'unknown_email' }, 'sign-in failed');
        throw invalidCredentials();
      }
      await loginLimiter.release(ticket);
      if (user.role !== 'admin') {
        // docs/spec.md §6: signed out at once: no session is issued and any it had ends.
        await deleteUserSessions(db, user.id);
        clearSessionCookie(reply, config);
        request.log.warn({ userId: user.id, ip: request.ip }, 'sign-in refused: not an admin');
        throw notAdmin();
      }
      const enrolled = user.totpSecret !== null && user.totpEnabledAt !== null;
      return startSession(request, reply, user, { secondFactorPending: enrolled, method: 'password' });
    },
  );

  app.post(
    '/second-factor',
    {
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
      schema: { tags: ['auth'], body: SecondFactorBodySchema, response: { 200: SessionInfoSchema, ...errors } },
    },
    async (request, reply) => {
      const current = await loadSession(request);
      if (!current || !current.session.secondFactorPending) throw unauthenticated();
      const { user } = current;
      const attempt = { account: normalizeEmail(user.email), ip: request.ip };
      const ticket = await loginLimiter.admit(attempt, now());
      const code = request.body.code.replace(/\s/g, '');
      const isTotp = /^\d{6}$/.test(code);
      const accepted = isTotp ? await consumeTotpCode(db, user, code, now()) : await consumeRecoveryCode(db, user.id, code, now());
      if (!accepted) {
        await loginLimiter.keep(now());
        request.log.warn({ userId: user.id, ip: request.ip, reason: 'wrong_second_factor' }, 'sign-in failed');
        throw invalidSecondFactor();
      }
      await loginLimiter.release(ticket);
      await deleteSession(db, current.session.id);
      return startSession(request, reply, user, { secondFactorPending: false, method: isTotp ? 'totp' : 'recovery_code' });
    },
  );

  app.get('/session', { schema: { tags: ['auth'], response: { 200: SessionInfoSchema, 401: ApiErrorSchema } } }, async (request, reply) => {
    const current = await loadSession(request);
    if (!current) {
      // A dead token is dropped from the browser too.
      if (readSessionToken(request, config)) clearSessionCookie(reply, config);
      throw unauthenticated();
    }
    if (current.user.role !== 'admin') {
      await deleteUserSessions(db, current.user.id);
      clearSessionCookie(reply, config);
      throw unauthenticated();
    }
    return sessionInfo(config, current);
  });

  app.post('/logout', { schema: { tags: ['auth'], response: { 204: z.null(), 403: ApiErrorSchema } } }, async (request, reply) => {
    const token = readSessionToken(request, config);
    // The admin's claims on cases under review end with the sign-out, not CLAIM_IDLE_MINUTES later.
    const session = token ? await loadSession(request) : null;
    if (session) await releaseClaimsOnSignOut(app, session.user.id, request);
    if (token) await deleteSessionByToken(db, token);
    clearSessionCookie(reply, config);
    return reply.status(204).send(null);
  });
};
