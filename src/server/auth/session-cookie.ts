import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieSecure, type Config } from '../config.js';

// `__Host-` makes the browser refuse the cookie unless it is Secure, host-only and Path=/: a sibling
// subdomain cannot plant or shadow it. Browsers ignore the prefix rule over plain HTTP, so it needs Secure.
export function sessionCookieName(config: Config): string {
  return cookieSecure(config) ? '__Host-aipos_session' : 'aipos_session';
}

function cookieOptions(config: Config) {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: cookieSecure(config) } as const;
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  // The browser may keep it for the absolute lifetime; the server ends it sooner when idle.
  reply.setCookie(sessionCookieName(config), token, { ...cookieOptions(config), maxAge: config.SESSION_ABSOLUTE_HOURS * 3600 });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), cookieOptions(config));
}

/** The raw token from the request, if it has the shape generateToken() makes (43 base64url chars). */
export function readSessionToken(request: FastifyRequest, config: Config): string | null {
  const value = request.cookies[sessionCookieName(config)];
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}
