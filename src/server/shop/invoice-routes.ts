import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /api/orders/{kode_pesanan}/invoice: the PDF invoice of a paid order. */
export const invoiceRoutes: FastifyPluginAsyncZod = async () => {};
