import type { FastifyRequest } from 'fastify';
import type { UserRole } from '../../domain/vocabularies.js';
import { unauthenticated } from './auth-errors.js';
import { readSessionToken } from './session-cookie.js';
import { validateSessionToken, type ValidSession } from './session-store.js';

// Per request, the session is looked up (and slid) at most once, whichever hook or handler asks first.
const cache = new WeakMap<FastifyRequest, Promise<ValidSession | null>>();

/** The request's session in any state (second factor pending too), or null. */
export function loadSession(request: FastifyRequest): Promise<ValidSession | null> {
  let found = cache.get(request);
  if (!found) {
    const { db, config, now } = request.server.deps;
    const token = readSessionToken(request, config);
    // Routes the browser calls by itself (the SSE stream and its reconnects) must not keep an idle admin in.
    // Likewise refetches a screen makes after a live event (the client marks them X-Background-Request).
    const slide = !request.routeOptions.config.passiveSession && request.headers['x-background-request'] !== '1';
    found = token ? validateSessionToken(db, config, token, now(), { slide }) : Promise.resolve(null);
    cache.set(request, found);
  }
  return found;
}

export type AdminPrincipal = { id: string; email: string; role: UserRole; sessionId: string };

const admins = new WeakMap<FastifyRequest, AdminPrincipal>();

/** Set by the /api/admin guard once it has let the request through. */
export function rememberAdmin(request: FastifyRequest, session: ValidSession): AdminPrincipal {
  const principal: AdminPrincipal = {
    id: session.user.id,
    email: session.user.email,
    role: session.user.role as UserRole,
    sessionId: session.session.id,
  };
  admins.set(request, principal);
  return principal;
}

/**
 * The signed-in admin of a request under /api/admin (who did it, for audit rows). The guard has already
 * refused everyone else; outside the admin plugin this throws 401 rather than guess.
 */
export function requireAdmin(request: FastifyRequest): AdminPrincipal {
  const principal = admins.get(request);
  if (!principal) throw unauthenticated();
  return principal;
}
