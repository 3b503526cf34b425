import type { FastifyInstance, FastifyRequest } from 'fastify';
import { releaseAdminClaims } from './claims.js';

/** Sign-out: the admin's claims end, and the queues on screen refresh to show those cases free. */
export async function releaseClaimsOnSignOut(app: FastifyInstance, userId: string, request: FastifyRequest): Promise<void> {
  const released = await releaseAdminClaims(app.deps.db, { id: userId, ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
  for (const merchantId of released) {
    app.deps.events
      .publish({ kind: 'updated', merchant_id: merchantId })
      .catch((error: unknown) => request.log.error({ err: error }, 'event publish failed'));
  }
}
