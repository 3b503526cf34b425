import type { FastifyRequest } from 'fastify';
import type { UserRole } from '../../domain/vocabularies.js';
import { unauthenticated } from './auth-errors.js';

export type AdminPrincipal = { id: string; email: string; role: UserRole; sessionId: string };

/** What the guard knows of a valid session: its user and its id. */
type SignedInSession = { user: { id: string; email: string; role: string }; session: { id: string } };

const admins = new WeakMap<FastifyRequest, AdminPrincipal>();

/** Set by the /api/admin guard once it has let the request through. */
export function rememberAdmin(request: FastifyRequest, session: SignedInSession): AdminPrincipal {
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
