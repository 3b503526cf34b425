import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Public shop API: products, checkout's merchant check, orders and their lookups. */
export const shopRoutes: FastifyPluginAsyncZod = async () => {};
