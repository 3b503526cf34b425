import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Midtrans' payment notifications and the invoice PDF. */
export const paymentRoutes: FastifyPluginAsyncZod = async () => {};
