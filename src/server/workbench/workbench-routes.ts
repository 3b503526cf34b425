import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../domain/api-error.js';
import { AdminStatsSchema, DuplicateListSchema, ReviewPresenceSchema } from '../../domain/workbench.js';
import { requireMerchant } from '../db/merchant-rows.js';
import { requireAdmin } from '../http/admin-principal.js';
import { IdParamsSchema } from '../http/id-params.js';
import { findDuplicates } from './duplicate-repository.js';
import { reviewPresence } from './review-presence.js';
import { adminStats } from './stats-repository.js';

/** The reviewer's workbench (decision 0022) under /api/admin: duplicates, dashboard numbers, review presence. */
export const workbenchAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const presence = reviewPresence(db);

  app.get(
    '/merchants/:id/duplicates',
    { schema: { tags: ['admin'], params: IdParamsSchema, response: { 200: DuplicateListSchema, 404: ApiErrorSchema } } },
    async (request) => {
      await requireMerchant(db, request.params.id);
      return findDuplicates(db, request.params.id);
    },
  );

  app.get('/stats', { schema: { tags: ['admin'], response: { 200: AdminStatsSchema } } }, async () => adminStats(db, app.deps.now()));

  const presenceSchema = { tags: ['admin'], params: IdParamsSchema, response: { 200: ReviewPresenceSchema, 404: ApiErrorSchema } };
  const merchantId = async (id: string) => (await requireMerchant(db, id)).id;

  app.get('/merchants/:id/review-presence', { schema: presenceSchema }, async (request) =>
    presence.list(await merchantId(request.params.id)),
  );

  app.post('/merchants/:id/review-presence', { schema: presenceSchema }, async (request) => {
    const admin = requireAdmin(request);
    return presence.beat(await merchantId(request.params.id), { id: admin.id, name: admin.email });
  });

  app.delete('/merchants/:id/review-presence', { schema: presenceSchema }, async (request) => {
    const admin = requireAdmin(request);
    return presence.leave(await merchantId(request.params.id), admin.id);
  });
};
