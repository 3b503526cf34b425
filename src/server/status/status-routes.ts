import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../domain/api-error.js';
import { MESSAGES } from '../../domain/messages.js';
import { StatusLookupRequestSchema, StatusResultSchema } from '../../domain/status-lookup.js';
import { notFound } from '../http/app-error.js';
import { perMinute } from '../limits/route-limits.js';
import { lookupStatus } from './status-service.js';

/**
 * POST /api/status/lookup. POST so that e-mail and phone never appear in URLs or access logs;
 * limited per IP because the code space is small enough to guess at.
 */
export const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/status/lookup',
    {
      config: perMinute(app.deps.config.RATE_LIMIT_LOOKUPS_PER_MINUTE),
      schema: {
        tags: ['public'],
        summary: 'Status of a registration by code, or by e-mail plus phone',
        body: StatusLookupRequestSchema,
        response: { 200: StatusResultSchema, 400: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      // Personal data: no shared cache and no browser cache may keep the answer.
      reply.header('cache-control', 'no-store');
      const result = await lookupStatus(app.deps.db, request.body);
      app.metrics.lookups.inc({ result: result ? 'found' : 'not_found' });
      if (!result) throw notFound(MESSAGES.statusNotFoundForm);
      return result;
    },
  );
};
