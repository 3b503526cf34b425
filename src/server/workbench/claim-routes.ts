import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../domain/api-error.js';
import {
  AdminUserListSchema,
  BulkRequestSchema,
  BulkResultSchema,
  CLAIM_MESSAGES,
  ClaimRequestSchema,
  ClaimStateSchema,
  QueueNextSchema,
} from '../../domain/review-claims.js';
import { users } from '../db/schema.js';
import { requireAdmin } from '../http/admin-principal.js';
import { AppError, badRequest } from '../http/app-error.js';
import { IdParamsSchema } from '../http/id-params.js';
import { bulkClaims } from './claim-bulk.js';
import { claimClockOf } from './claim-clock.js';
import { releaseClaim, takeClaim, takeNextInQueue } from './claims.js';

/**
 * Claims on cases under review (docs/decisions/0038), under /api/admin: take, keep (the review screen's
 * heartbeat), take over, release; 'Ambil Berikutnya'; bulk claim work; the admins to assign to.
 */
export const claimAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const actorOf = (request: FastifyRequest) => ({
    id: requireAdmin(request).id,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  const clock = () => claimClockOf(app.deps.now(), app.deps.config);
  // The queues and review screens on other admins' screens refresh to show the new holder.
  const announce = (request: FastifyRequest, merchantIds: readonly string[]) => {
    for (const merchantId of merchantIds) {
      app.deps.events
        .publish({ kind: 'updated', merchant_id: merchantId })
        .catch((error: unknown) => request.log.error({ err: error }, 'event publish failed'));
    }
  };
  const claimSchema = {
    tags: ['admin'],
    params: IdParamsSchema,
    response: { 200: ClaimStateSchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
  };

  // The body is optional (a bare POST takes the case), so it is checked here rather than by the route schema.
  app.post(
    '/merchants/:id/claim',
    { schema: { ...claimSchema, response: { ...claimSchema.response, 400: ApiErrorSchema } } },
    async (request) => {
      const body = ClaimRequestSchema.safeParse(request.body ?? {});
      const issue = body.error?.issues[0];
      if (issue) throw badRequest(issue.message, issue.path.length > 0 ? String(issue.path[0]) : undefined);
      if (!body.success) throw badRequest(CLAIM_MESSAGES.takeoverReason);
      const { state, changed } = await takeClaim(db, request.params.id, body.data, actorOf(request), clock());
      if (changed) announce(request, [state.merchant_id]);
      return state;
    },
  );

  app.delete('/merchants/:id/claim', { schema: claimSchema }, async (request) => {
    const { state, changed } = await releaseClaim(db, request.params.id, actorOf(request), clock());
    if (changed) announce(request, [state.merchant_id]);
    return state;
  });

  app.post('/queue/next', { schema: { tags: ['admin'], response: { 200: QueueNextSchema, 404: ApiErrorSchema } } }, async (request) => {
    const next = await takeNextInQueue(db, actorOf(request), clock());
    if (!next) throw new AppError(404, 'QUEUE_EMPTY', CLAIM_MESSAGES.queueEmpty);
    announce(request, [next.id]);
    return next;
  });

  app.post(
    '/merchants/bulk',
    { schema: { tags: ['admin'], body: BulkRequestSchema, response: { 200: BulkResultSchema, 400: ApiErrorSchema } } },
    async (request) => {
      const result = await bulkClaims(db, request.body, actorOf(request), clock());
      announce(request, result.berhasil);
      return result;
    },
  );

  app.get('/admins', { schema: { tags: ['admin'], response: { 200: AdminUserListSchema } } }, async () =>
    db.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.email)),
  );
};
