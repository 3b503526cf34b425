import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FulfilmentListSchema, ORDER_MESSAGES, OrderAdminDetailSchema, PackRequestSchema, ShipRequestSchema } from '../../domain/orders.js';
import { requireAdmin } from '../auth/request-auth.js';
import { paymentBankAccount } from '../config.js';
import type { OrderRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { deliverOrder, packOrder, shipOrder } from './fulfilment-service.js';
import { listFulfilment } from './fulfilment-queue.js';
import { isOrderId, orderAdminDetail } from './order-admin-repository.js';
import type { OrderActor, TransitionDeps } from './order-transitions.js';

const IdParamsSchema = z.object({ id: z.string().max(100) }).strict();

const orderNotFound = () => new AppError(404, 'ORDER_NOT_FOUND', ORDER_MESSAGES.orderNotFound);

function actorOf(request: FastifyRequest): OrderActor {
  return { id: requireAdmin(request).id, ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** /api/admin/fulfilment and the order detail's 'Kemas', 'Kirim' and 'Diterima', behind the admin plugin's guard. */
export const fulfilmentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const deps: TransitionDeps = { db, config, now: () => app.deps.now() };
  const account = paymentBankAccount(config);

  // After the commit, as for payments and cancellations: the mail goes now, open admin screens refresh.
  const afterChange = (request: FastifyRequest, order: OrderRow) => {
    app.mailer.wake();
    app.webhooks.wake();
    app.deps.events
      .publish({ kind: 'order_changed', merchant_id: order.merchantId, order_id: order.id })
      .catch((error: unknown) => request.log.error({ err: error }, 'event publish failed'));
  };

  const orderId = (id: string) => {
    if (!isOrderId(id)) throw orderNotFound();
    return id;
  };

  app.get('/fulfilment', { schema: { tags: ['admin'], response: { 200: FulfilmentListSchema } } }, async () => listFulfilment(db));

  app.post(
    '/orders/:id/pack',
    { schema: { tags: ['admin'], params: IdParamsSchema, body: PackRequestSchema, response: { 200: OrderAdminDetailSchema } } },
    async (request) => {
      const order = await packOrder(deps, orderId(request.params.id), request.body, actorOf(request));
      afterChange(request, order);
      return orderAdminDetail(db, order, account);
    },
  );

  app.post(
    '/orders/:id/ship',
    { schema: { tags: ['admin'], params: IdParamsSchema, body: ShipRequestSchema, response: { 200: OrderAdminDetailSchema } } },
    async (request) => {
      const order = await shipOrder(deps, orderId(request.params.id), request.body, actorOf(request));
      afterChange(request, order);
      return orderAdminDetail(db, order, account);
    },
  );

  app.post(
    '/orders/:id/delivered',
    { schema: { tags: ['admin'], params: IdParamsSchema, response: { 200: OrderAdminDetailSchema } } },
    async (request) => {
      const order = await deliverOrder(deps, orderId(request.params.id), actorOf(request));
      afterChange(request, order);
      return orderAdminDetail(db, order, account);
    },
  );
};
