import type { FastifyRequest } from 'fastify';
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
