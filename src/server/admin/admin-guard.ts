import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearSessionCookie, deleteUserSessions, loadSession, readSessionToken, requireSameOrigin } from '../auth/public.js';
import { adminMfaRequired } from '../config.js';
import { rememberAdmin } from '../http/admin-principal.js';
import { mfaEnrolmentRequired, notAdmin, unauthenticated } from '../http/auth-errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Open to an admin who has no second factor yet while REQUIRE_ADMIN_MFA is on. Only the enrolment
     * routes set it; everything else under /api/admin stays shut until enrolment is done.
     */
    allowWithoutSecondFactor?: boolean;
    /** Called by the browser by itself (SSE): the session is checked but its idle timeout not extended. */
    passiveSession?: boolean;
  }
}

/**
 * The one door of /api/admin, run as an onRequest hook (before any body, multipart included, is read):
 * foreign-origin writes 403, no valid session (or one still waiting for its code) 401, a non-admin 403
 * and signed out, an admin who must enrol first 403 outside enrolment.
 */
export async function requireAdminRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  requireSameOrigin(request);
  const { config, db } = request.server.deps;
  const current = await loadSession(request);
  if (!current || current.session.secondFactorPending) {
    if (!current && readSessionToken(request, config)) clearSessionCookie(reply, config);
    throw unauthenticated();
  }
  if (current.user.role !== 'admin') {
    await deleteUserSessions(db, current.user.id);
    clearSessionCookie(reply, config);
    throw notAdmin();
  }
  if (adminMfaRequired(config) && current.user.totpEnabledAt === null && !request.routeOptions.config.allowWithoutSecondFactor) {
    throw mfaEnrolmentRequired();
  }
  rememberAdmin(request, current);
}
