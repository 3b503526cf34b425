import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema } from '../../domain/api-error.js';
import { API_MESSAGES } from '../../domain/messages.js';
import { ping } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { checkReadiness } from './readiness.js';

const NOT_READY_MESSAGE = 'Server belum siap menerima permintaan.';
const DRAINING_MESSAGE = 'Server sedang berhenti; permintaan baru dilayani server lain.';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Liveness with a real database round trip', response: { 200: HealthSchema } } },
    async (request) => {
      try {
        await ping(app.deps.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError(503, 'DB_UNAVAILABLE', API_MESSAGES.unavailable);
      }
      return { status: 'ok' as const, db: 'ok' as const };
    },
  );

  // Readiness for a balancer: the database, the storage and Redis (when configured) answer, and the
  // server is not shutting down. /health stays the liveness check (a restart would not help a dead Redis).
  app.get(
    '/ready',
    { schema: { tags: ['system'], summary: 'Readiness: database, storage, Redis; 503 while draining' } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (app.lifecycle.draining) {
        return reply.status(503).send({ error: { code: 'DRAINING', message: DRAINING_MESSAGE } });
      }
      const checks = await checkReadiness(app, () => ping(app.deps.db));
      const failed = Object.entries(checks).filter(([, state]) => state === 'failed');
      if (failed.length > 0) {
        app.log.error({ checks }, 'readiness check failed');
        return reply.status(503).send({ error: { code: 'NOT_READY', message: NOT_READY_MESSAGE }, checks });
      }
      return { status: 'ready', checks };
    },
  );
};
