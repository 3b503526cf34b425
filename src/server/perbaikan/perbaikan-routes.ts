import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../domain/api-error.js';
import { FixRequestViewSchema, FixSubmissionResponseSchema, FixSubmissionSchema } from '../../domain/perbaikan.js';
import { publicBaseUrl } from '../config.js';
import { noStore } from '../http/no-store.js';
import { perHour, perMinute } from '../limits/route-limits.js';
import { refuseDuringMaintenance } from '../settings/public.js';
import { assertStagedDocumentsStored } from '../uploads/staged-documents.js';
import { resubmit, viewFixRequest } from './perbaikan-service.js';

const TokenParamsSchema = z.object({ token: z.string().max(200) }).strict();
const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema, 503: ApiErrorSchema };

/** GET and POST /api/perbaikan/<token> (decision 0018): the public side of a fix request. */
export const fixRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  // Personal data behind a bearer link: never cached.
  app.addHook('onSend', noStore);

  app.get(
    '/perbaikan/:token',
    {
      config: perMinute(config.RATE_LIMIT_LOOKUPS_PER_MINUTE),
      schema: {
        tags: ['public'],
        summary: 'What a fix link asks for, with the current values of those fields',
        params: TokenParamsSchema,
        response: { 200: FixRequestViewSchema, ...errors },
      },
    },
    async (request) => viewFixRequest(app.deps.db, request.params.token, app.deps.now()),
  );

  app.post(
    '/perbaikan/:token',
    {
      onRequest: refuseDuringMaintenance(app.deps.db),
      config: perHour(config.RATE_LIMIT_REGISTRATIONS_PER_HOUR),
      schema: {
        tags: ['public'],
        summary: 'Send the flagged fields and documents again (uploads through POST /api/uploads)',
        params: TokenParamsSchema,
        body: FixSubmissionSchema,
        response: { 200: FixSubmissionResponseSchema, ...errors },
      },
    },
    async (request) => {
      await assertStagedDocumentsStored(app.deps, request.body.documents);
      const row = await resubmit(app.deps.db, {
        token: request.params.token,
        body: request.body,
        baseUrl: publicBaseUrl(config),
        now: app.deps.now(),
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        mailPerAddressPerHour: config.MAIL_PER_ADDRESS_PER_HOUR,
      });
      app.outbox.wake();
      app.checks.wake();
      void app.deps.events
        .publish({ kind: 'status_changed', merchant_id: row.id })
        .catch((error: unknown) => request.log.error({ err: error }, 'event publish failed'));
      return { kode_pendaftaran: row.kodePendaftaran, status: 'processing' as const };
    },
  );
};
