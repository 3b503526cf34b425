import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditEntrySchema } from '../../domain/audit.js';
import { IDENTITY_SEARCH_MESSAGES, IDENTITY_TERM_PLACEHOLDER, isIdentityTerm } from '../../domain/identity-search.js';
import {
  MerchantCreateSchema,
  MerchantDetailSchema,
  MerchantExportBodySchema,
  MerchantExportQuerySchema,
  MerchantListQuerySchema,
  MerchantListSchema,
  MerchantStatusChangeSchema,
  MerchantUpdateSchema,
  RevealRequestSchema,
  RevealResponseSchema,
  type MerchantExportBody,
} from '../../domain/merchants.js';
import { QRIS_MESSAGES } from '../../domain/qris.js';
import { auditActor, listMerchantAudit, writeAudit } from '../audit/public.js';
import { loadSession } from '../auth/public.js';
import { publicBaseUrl } from '../config.js';
import { requireMerchant } from '../db/merchant-rows.js';
import type { MerchantRow } from '../db/schema.js';
import type { MerchantEvent } from '../events/event-bus.js';
import { requireAdmin } from '../http/admin-principal.js';
import { AppError } from '../http/app-error.js';
import { sendCsvDownload } from '../http/csv-download.js';
import { IdParamsSchema } from '../http/id-params.js';
import { claimClockOf } from '../workbench/public.js';
import { identitySearchGuard } from './identity-search-guard.js';
import { exportMerchantsCsv } from './merchant-export.js';
import { exportQrisCsv, merchantsMissingMcc } from './merchant-qris-export.js';
import { listMerchants, merchantDetail } from './merchant-repository.js';
import {
  changeMerchantStatus,
  createMerchant,
  revealMerchantField,
  softDeleteMerchant,
  updateMerchantProfile,
  type ProfileSaveResult,
  type SaveContext,
} from './merchant-service.js';

function actorOf(request: FastifyRequest) {
  return { id: requireAdmin(request).id, ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** Admin merchant endpoints; registered inside the admin plugin, behind its one guard. */
export const merchantAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const claimClock = () => claimClockOf(app.deps.now(), app.deps.config);
  const detail = (row: MerchantRow) => merchantDetail(db, row, app.deps.now(), claimClock());
  // The signed-in admin's view of claims: 'Milik saya', the holders, the queue's claim counts.
  const claimView = (request: FastifyRequest) => ({ ...claimClock(), adminId: requireAdmin(request).id });
  const baseUrl = publicBaseUrl(app.deps.config);
  // After the commit: a lost announcement only delays a refresh, so it never fails the request.
  const announce = (request: FastifyRequest, kind: MerchantEvent['kind'], merchantId: string) =>
    app.deps.events
      .publish({ kind, merchant_id: merchantId })
      .catch((error: unknown) => request.log.error({ err: error }, 'event publish failed'));
  // A status change moves the merchant's orders too: the order and fulfilment screens refresh.
  const announceOrders = (request: FastifyRequest, merchantId: string, orderIds: readonly string[]) => {
    for (const orderId of orderIds) {
      app.deps.events
        .publish({ kind: 'order_changed', merchant_id: merchantId, order_id: orderId })
        .catch((error: unknown) => request.log.error({ err: error }, 'event publish failed'));
    }
  };
  // What every save of a merchant takes after its input: who acts, when, and what the applicant's mail links to.
  const saveContext = (request: FastifyRequest): SaveContext => ({
    actor: actorOf(request),
    now: app.deps.now(),
    baseUrl,
    config: app.deps.config,
  });
  // A save may queue the applicant's mail and move the merchant's orders.
  const afterSave = (request: FastifyRequest, kind: MerchantEvent['kind'], merchantId: string, orderIds: readonly string[]) => {
    app.outbox.wake();
    void announce(request, kind, merchantId);
    announceOrders(request, merchantId, orderIds);
  };

  // The answer to a save: the merchant as it now is.
  const answerSave = (request: FastifyRequest, kind: MerchantEvent['kind'], { row, orderIds }: ProfileSaveResult) => {
    afterSave(request, kind, row.id, orderIds);
    return detail(row);
  };

  const guardIdentitySearch = identitySearchGuard(app.deps);

  // A whole NIK or account number never travels in a URL: request logs, proxies and the browser's
  // history keep URLs. Such a term is refused here; the POST routes below take it, audited.
  const refuseIdentityInUrl = (q: string | undefined) => {
    if (q && isIdentityTerm(q)) throw new AppError(400, 'IDENTITY_TERM_IN_URL', IDENTITY_SEARCH_MESSAGES.inUrl, 'q');
  };

  app.get(
    '/merchants',
    { schema: { tags: ['admin'], querystring: MerchantListQuerySchema, response: { 200: MerchantListSchema } } },
    async (request) => {
      refuseIdentityInUrl(request.query.q);
      return listMerchants(db, request.query, app.deps.now(), claimView(request));
    },
  );

  // The same list for a term that must not be in a URL (a whole NIK or account number).
  app.post(
    '/merchants/search',
    { schema: { tags: ['admin'], body: MerchantListQuerySchema, response: { 200: MerchantListSchema } } },
    async (request, reply) => {
      await guardIdentitySearch(request.body.q, actorOf(request), reply);
      return listMerchants(db, request.body, app.deps.now(), claimView(request));
    },
  );

  app.get('/merchants/export', { schema: { tags: ['admin'], querystring: MerchantExportQuerySchema } }, async (request, reply) => {
    refuseIdentityInUrl(request.query.q);
    if (request.query.format === 'qris') return sendQrisExport(request, reply, (request.query.alasan ?? '').trim());
    return sendMerchantExport(request, reply, request.query);
  });

  app.post('/merchants/export', { schema: { tags: ['admin'], body: MerchantExportBodySchema } }, async (request, reply) =>
    sendMerchantExport(request, reply, request.body),
  );

  /**
   * Streams an export and, once its last row is out, writes its audit row with what `diff` makes of the
   * row count. docs/spec.md §8: a failed audit write is logged and does not break the action.
   */
  const sendAuditedCsv = (
    request: FastifyRequest,
    reply: FastifyReply,
    file: { name: string; action: 'export' | 'qris_export'; rows: (onRow: () => void) => Readable; diff: (rows: number) => object },
  ) => {
    const actor = actorOf(request);
    let rows = 0;
    const csv = file.rows(() => {
      rows += 1;
    });
    csv.once('end', () => {
      const entry = { ...auditActor(actor), action: file.action, targetTable: 'merchants', targetId: null, diff: file.diff(rows) };
      writeAudit(db, entry).catch((error: unknown) => request.log.error({ err: error, action: file.action }, 'export audit write failed'));
    });
    return sendCsvDownload(reply, file.name, app.deps.now(), csv);
  };

  const sendMerchantExport = async (request: FastifyRequest, reply: FastifyReply, query: MerchantExportBody) => {
    await guardIdentitySearch(query.q, actorOf(request), reply);
    // The export's own audit row names the filter, but never an identity number typed as the search.
    const q = query.q ? (isIdentityTerm(query.q) ? IDENTITY_TERM_PLACEHOLDER : query.q) : null;
    const filter = { q, status: query.status, ...(query.ids ? { ids: query.ids.length } : {}) };
    return sendAuditedCsv(request, reply, {
      name: 'merchants',
      action: 'export',
      rows: (onRow) => exportMerchantsCsv(db, query, onRow),
      diff: (rows) => ({ filter, rows }),
    });
  };

  /**
   * The acquirer's file. It holds NIK and account numbers in clear: only an admin who has a
   * second factor may take it, and the typed reason goes into the audit row with the count.
   */
  const sendQrisExport = async (request: FastifyRequest, reply: FastifyReply, alasan: string) => {
    const session = await loadSession(request);
    if (!session?.user.totpEnabledAt) throw new AppError(403, 'SECOND_FACTOR_REQUIRED', QRIS_MESSAGES.secondFactorRequired);
    const missing = await merchantsMissingMcc(db);
    if (missing.total > 0) {
      const more = missing.total - missing.codes.length;
      const codes = more > 0 ? [...missing.codes, `dan ${more} lainnya`] : missing.codes;
      throw new AppError(409, 'MCC_MISSING', QRIS_MESSAGES.mccMissing(codes));
    }
    return sendAuditedCsv(request, reply, {
      name: 'qris-merchants',
      action: 'qris_export',
      rows: (onRow) => exportQrisCsv(db, onRow),
      diff: (count) => ({ count, alasan }),
    });
  };

  app.post(
    '/merchants',
    { schema: { tags: ['admin'], body: MerchantCreateSchema, response: { 201: MerchantDetailSchema } } },
    async (request, reply) => {
      const row = await createMerchant(db, request.body, actorOf(request), app.deps.now());
      app.checks.wake();
      void announce(request, 'created', row.id);
      return reply.status(201).send(await detail(row));
    },
  );

  app.get(
    '/merchants/:id',
    { schema: { tags: ['admin'], params: IdParamsSchema, response: { 200: MerchantDetailSchema } } },
    async (request) => detail(await requireMerchant(db, request.params.id)),
  );

  app.put(
    '/merchants/:id',
    { schema: { tags: ['admin'], params: IdParamsSchema, body: MerchantUpdateSchema, response: { 200: MerchantDetailSchema } } },
    async (request) => {
      const saved = await updateMerchantProfile(db, request.params.id, request.body, saveContext(request));
      app.checks.wake();
      return answerSave(request, 'updated', saved);
    },
  );

  app.post(
    '/merchants/:id/status',
    { schema: { tags: ['admin'], params: IdParamsSchema, body: MerchantStatusChangeSchema, response: { 200: MerchantDetailSchema } } },
    // A new fix link is in the applicant's mail only: the answer is the merchant as it now is.
    async (request) =>
      answerSave(request, 'status_changed', await changeMerchantStatus(db, request.params.id, request.body, saveContext(request))),
  );

  app.post(
    '/merchants/:id/reveal',
    { schema: { tags: ['admin'], params: IdParamsSchema, body: RevealRequestSchema, response: { 200: RevealResponseSchema } } },
    async (request) => {
      return revealMerchantField(db, request.params.id, request.body.field, actorOf(request));
    },
  );

  app.delete('/merchants/:id', { schema: { tags: ['admin'], params: IdParamsSchema } }, async (request, reply) => {
    const orderIds = await softDeleteMerchant(db, request.params.id, actorOf(request), app.deps.now(), app.deps.config);
    // The cancelled orders' mails.
    afterSave(request, 'deleted', request.params.id, orderIds);
    return reply.status(204).send();
  });

  app.get(
    '/merchants/:id/audit',
    { schema: { tags: ['admin'], params: IdParamsSchema, response: { 200: z.object({ items: z.array(AuditEntrySchema) }) } } },
    async (request) => {
      await requireMerchant(db, request.params.id);
      return { items: await listMerchantAudit(db, request.params.id) };
    },
  );
};
