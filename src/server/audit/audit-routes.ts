import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditListQuerySchema, AuditListSchema } from '../../domain/merchants.js';
import { listAudit } from './audit-repository.js';

/** GET /api/admin/audit: read only; no route updates or deletes audit rows. */
export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/audit', { schema: { tags: ['admin'], querystring: AuditListQuerySchema, response: { 200: AuditListSchema } } }, async (request) =>
    listAudit(app.deps.db, request.query),
  );
};
