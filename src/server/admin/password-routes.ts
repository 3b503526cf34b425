import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../domain/api-error.js';
import { AUTH_MESSAGES, PasswordChangeBodySchema } from '../../domain/auth.js';
import { deleteUserSessions, findUserById, normalizeEmail, passwordPolicyViolation, setPassword, verifyPassword } from '../auth/public.js';
import { requireAdmin } from '../http/admin-principal.js';
import { AppError, badRequest } from '../http/app-error.js';

/** POST /api/admin/password: the signed-in admin changes their password; every other session ends. */
export const passwordAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now, loginLimiter } = app.deps;

  app.post(
    '/password',
    { schema: { tags: ['admin'], body: PasswordChangeBodySchema, response: { 204: z.null(), 400: ApiErrorSchema, 429: ApiErrorSchema } } },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const user = await findUserById(db, admin.id);
      if (!user) throw new AppError(401, 'UNAUTHENTICATED', AUTH_MESSAGES.unauthenticated);
      // A stolen session must not be able to guess the password it would need to lock the owner out.
      const attempt = { account: normalizeEmail(user.email), ip: request.ip };
      const ticket = await loginLimiter.admit(attempt, now());
      if (!(await verifyPassword(user.passwordHash, request.body.currentPassword))) {
        await loginLimiter.keep(now());
        throw badRequest(AUTH_MESSAGES.currentPasswordWrong, 'currentPassword', 'CURRENT_PASSWORD_WRONG');
      }
      await loginLimiter.release(ticket);
      const violation = passwordPolicyViolation(request.body.newPassword, user.email);
      if (violation) throw badRequest(violation, 'newPassword', 'WEAK_PASSWORD');
      await setPassword(db, user.id, request.body.newPassword, now());
      await deleteUserSessions(db, user.id, admin.sessionId);
      request.log.info({ userId: user.id }, 'password changed; other sessions ended');
      return reply.status(204).send(null);
    },
  );
};
