import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../domain/api-error.js';
import { MESSAGES } from '../../domain/messages.js';
import { AdminStatsSchema, DuplicateListSchema, ReviewPresenceSchema } from '../../domain/workbench.js';
import { findMerchant } from '../db/merchant-rows.js';
import { requireAdmin } from '../http/admin-principal.js';
import { AppError } from '../http/app-error.js';
import { findDuplicates } from './duplicate-repository.js';
import { reviewPresence } from './review-presence.js';
import { adminStats } from './stats-repository.js';

const IdParamsSchema = z.object({ id: z.string().max(100) }).strict();
const notFound = () => new AppError(404, 'MERCHANT_NOT_FOUND', MESSAGES.merchantNotFound);

/** The reviewer's workbench (decision 0022) under /api/admin: duplicates, dashboard numbers, review presence. */
export const workbenchAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const presence = reviewPresence(db);

  app.get(
    '/merchants/:id/duplicates',
    { schema: { tags: ['admin'], params: IdParamsSchema, response: { 200: DuplicateListSchema, 404: ApiErrorSchema } } },
    async (request) => {
      if (!(await findMerchant(db, request.params.id))) throw notFound();
      return findDuplicates(db, request.params.id);
    },
  );

  app.get('/stats', { schema: { tags: ['admin'], response: { 200: AdminStatsSchema } } }, async () => adminStats(db, app.deps.now()));

  const presenceSchema = { tags: ['admin'], params: IdParamsSchema, response: { 200: ReviewPresenceSchema, 404: ApiErrorSchema } };
  const merchantId = async (id: string) => {
    const row = await findMerchant(db, id);
    if (!row) throw notFound();
    return row.id;
  };

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
