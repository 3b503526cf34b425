import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FulfilmentListSchema, OrderAdminDetailSchema, PackRequestSchema, ShipRequestSchema } from '../../domain/orders.js';
import { isRowId } from '../db/row-id.js';
import { listFulfilment } from './fulfilment-queue.js';
import { deliverOrder, packOrder, shipOrder } from './fulfilment-service.js';
import { orderNotFound } from './order-access.js';
import { adminActorOf, answerOrderChange, IdParamsSchema } from './order-admin-requests.js';
import type { TransitionDeps } from './order-transitions.js';

/** /api/admin/fulfilment and the order detail's 'Kemas', 'Kirim' and 'Diterima', behind the admin plugin's guard. */
export const fulfilmentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const deps: TransitionDeps = { db, config, now: () => app.deps.now() };

  const orderId = (id: string) => {
    if (!isRowId(id)) throw orderNotFound();
    return id;
  };

  app.get('/fulfilment', { schema: { tags: ['admin'], response: { 200: FulfilmentListSchema } } }, async () => listFulfilment(db));

  app.post(
    '/orders/:id/pack',
    { schema: { tags: ['admin'], params: IdParamsSchema, body: PackRequestSchema, response: { 200: OrderAdminDetailSchema } } },
    async (request) => {
      const order = await packOrder(deps, orderId(request.params.id), request.body, adminActorOf(request));
      return answerOrderChange(app, request, order);
    },
  );

  app.post(
    '/orders/:id/ship',
    { schema: { tags: ['admin'], params: IdParamsSchema, body: ShipRequestSchema, response: { 200: OrderAdminDetailSchema } } },
    async (request) => {
      const order = await shipOrder(deps, orderId(request.params.id), request.body, adminActorOf(request));
      return answerOrderChange(app, request, order);
    },
  );

  app.post(
    '/orders/:id/delivered',
    { schema: { tags: ['admin'], params: IdParamsSchema, response: { 200: OrderAdminDetailSchema } } },
    async (request) => {
      const order = await deliverOrder(deps, orderId(request.params.id), adminActorOf(request));
      return answerOrderChange(app, request, order);
    },
  );
};
