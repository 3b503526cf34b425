import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * onSend hook for the admin, auth, shop and fix-link APIs: their answers carry personal data, session state
 * or live stock, so no browser or proxy cache may keep them (a shared computer's back button, a caching
 * proxy). A route that sets its own Cache-Control (a download) keeps it only if it is at least as strict.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  reply.header('Cache-Control', 'no-store');
  return payload;
}
