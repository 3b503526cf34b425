import type { FastifyRequest } from 'fastify';
import { forbiddenOrigin } from '../http/auth-errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie-authenticated writes (SameSite=Lax already keeps the cookie off cross-site
 * POSTs; this covers same-site subdomains and old browsers): a state-changing request from a browser
 * must come from this host. Requests without Origin and Sec-Fetch-Site are not from a browser page.
 * Only the host is compared: behind a TLS-terminating proxy without TRUST_PROXY, the scheme we see
 * is http while the page's is https.
 */
export function requireSameOrigin(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') throw forbiddenOrigin();
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let originHost: string;
  let ownHost: string;
  try {
    const parsed = new URL(origin);
    originHost = parsed.host;
    // Through the same parser, so a default port (":80", ":443") compares equal to none.
    ownHost = new URL(`${parsed.protocol}//${request.host}`).host;
  } catch {
    // "null" (sandboxed frames, file:) and garbage are foreign by definition.
    throw forbiddenOrigin();
  }
  if (originHost !== ownHost) throw forbiddenOrigin();
}
