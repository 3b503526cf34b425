import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema } from '../../domain/api-error.js';
import { API_MESSAGES } from '../../domain/messages.js';
import { ping } from '../db/database.js';
import { AppError } from '../http/app-error.js';

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
};
