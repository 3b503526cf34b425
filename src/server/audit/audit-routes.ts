import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditExportQuerySchema, AuditListQuerySchema, AuditListSchema } from '../../domain/audit.js';
import { IDENTITY_TERM_PLACEHOLDER, isIdentityTerm } from '../../domain/identity-search.js';
import { requireAdmin } from '../http/admin-principal.js';
import { sendCsvDownload } from '../http/csv-download.js';
import { exportAuditCsv } from './audit-export.js';
import { listAudit, writeAudit } from './audit-repository.js';

/** GET /api/admin/audit and its CSV export: read only; no route updates or deletes audit rows. */
export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    { schema: { tags: ['admin'], querystring: AuditListQuerySchema, response: { 200: AuditListSchema } } },
    async (request) => listAudit(app.deps.db, request.query),
  );

  app.get('/audit/export', { schema: { tags: ['admin'], querystring: AuditExportQuerySchema } }, async (request, reply) => {
    const admin = requireAdmin(request);
    const query = request.query;
    let rows = 0;
    const csv = exportAuditCsv(app.deps.db, query, () => {
      rows += 1;
    });
    // The export's own row names the filter, but never an identity number typed as the search.
    const filter = { ...query, q: query.q ? (isIdentityTerm(query.q) ? IDENTITY_TERM_PLACEHOLDER : query.q) : null };
    csv.once('end', () => {
      // A failed audit write is logged and does not break the action (as for the merchant export).
      writeAudit(app.deps.db, {
        actorId: admin.id,
        action: 'audit_export',
        targetTable: 'audit_logs',
        targetId: null,
        diff: { filter, rows },
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      }).catch((error: unknown) => request.log.error({ err: error }, 'audit export audit write failed'));
    });
    return sendCsvDownload(reply, 'audit-log', app.deps.now(), csv);
  });
};
