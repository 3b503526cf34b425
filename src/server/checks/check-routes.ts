import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../domain/api-error.js';
import { MachineChecksSchema } from '../../domain/machine-checks.js';
import { MESSAGES } from '../../domain/messages.js';
import { findMerchant } from '../db/merchant-rows.js';
import { AppError } from '../http/app-error.js';
import { merchantChecksFor } from './check-read.js';

const IdParamsSchema = z.object({ id: z.string().max(100) }).strict();

/** The machine checks' results for the reviewer, under /api/admin (its admin guard applies). */
export const checkAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/merchants/:id/checks',
    { schema: { tags: ['admin'], params: IdParamsSchema, response: { 200: MachineChecksSchema, 404: ApiErrorSchema } } },
    async (request) => {
      const row = await findMerchant(app.deps.db, request.params.id);
      if (!row) throw new AppError(404, 'MERCHANT_NOT_FOUND', MESSAGES.merchantNotFound);
      return { checks: await merchantChecksFor(app.deps.db, row) };
    },
  );
};
