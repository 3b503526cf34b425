import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REASON_CODE_LIST, ReasonCodeListSchema } from '../../domain/reason-codes.js';

/** GET /api/admin/reason-codes: the committed list, both audiences' texts (admins only). */
export const reasonCodeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/reason-codes', { schema: { tags: ['admin'], response: { 200: ReasonCodeListSchema } } }, async () =>
    REASON_CODE_LIST.map((info) => ({ ...info, bidang: [...info.bidang] })),
  );
};
