import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../domain/api-error.js';
import { MachineChecksSchema } from '../../domain/machine-checks.js';
import { requireMerchant } from '../db/merchant-rows.js';
import { IdParamsSchema } from '../http/id-params.js';
import { merchantChecksFor } from './check-read.js';

/** The machine checks' results for the reviewer, under /api/admin (its admin guard applies). */
export const checkAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/merchants/:id/checks',
    { schema: { tags: ['admin'], params: IdParamsSchema, response: { 200: MachineChecksSchema, 404: ApiErrorSchema } } },
    async (request) => {
      const row = await requireMerchant(app.deps.db, request.params.id);
      return { checks: await merchantChecksFor(app.deps.db, row) };
    },
  );
};
