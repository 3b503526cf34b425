import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/admin/orders and /api/admin/products, behind the admin plugin's guard. */
export const orderAdminRoutes: FastifyPluginAsyncZod = async () => {};
