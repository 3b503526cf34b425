import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SavedViewCreateSchema, SavedViewListQuerySchema, SavedViewListSchema, SavedViewSchema } from '../../domain/saved-views.js';
import { requireAdmin } from '../http/admin-principal.js';
import { IdParamsSchema } from '../http/id-params.js';
import { createView, deleteView, listViews } from './view-repository.js';

/** Saved views of the queue and the merchant list under /api/admin: mine, and those shared with the team. */
export const viewAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/views',
    { schema: { tags: ['admin'], querystring: SavedViewListQuerySchema, response: { 200: SavedViewListSchema } } },
    async (request) => listViews(db, requireAdmin(request).id, request.query.daftar),
  );

  app.post(
    '/views',
    { schema: { tags: ['admin'], body: SavedViewCreateSchema, response: { 201: SavedViewSchema } } },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const view = await createView(db, { admin: { id: admin.id, email: admin.email }, ...request.body, now: app.deps.now() });
      return reply.code(201).send(view);
    },
  );

  app.delete('/views/:id', { schema: { tags: ['admin'], params: IdParamsSchema } }, async (request, reply) => {
    await deleteView(db, request.params.id, requireAdmin(request).id);
    return reply.code(204).send();
  });
};
