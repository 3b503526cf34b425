import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { FulfilmentListSchema, OrderAdminDetailSchema, PackRequestSchema, ShipRequestSchema } from '../../domain/orders.js';
import { isRowId } from '../db/row-id.js';
import type { OrderRow } from '../db/schema.js';
import { IdParamsSchema } from '../http/id-params.js';
import { listFulfilment } from './fulfilment-queue.js';
import { deliverOrder, packOrder, shipOrder } from './fulfilment-service.js';
import { orderNotFound } from './order-access.js';
import { adminActorOf, answerOrderChange } from './order-admin-requests.js';
import type { OrderActor, TransitionDeps } from './order-transitions.js';

/** /api/admin/fulfilment and the order detail's 'Kemas', 'Kirim' and 'Diterima', behind the admin plugin's guard. */
export const fulfilmentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const deps: TransitionDeps = { db, config, now: () => app.deps.now() };

  const orderId = (id: string) => {
    if (!isRowId(id)) throw orderNotFound();
    return id;
  };

  /** A step that takes a body ('Kemas', 'Kirim'): it moves the order, then answers the order's new detail. */
  const bodyStep = <B extends z.ZodType>(
    path: string,
    body: B,
    move: (deps: TransitionDeps, orderId: string, input: z.output<B>, actor: OrderActor) => Promise<OrderRow>,
  ) =>
    app.post(
      path,
      { schema: { tags: ['admin'], params: IdParamsSchema, body, response: { 200: OrderAdminDetailSchema } } },
      async (request) => {
        // The type provider cannot resolve a generic schema's output; `body` checked it.
        const order = await move(deps, orderId(request.params.id), request.body as z.output<B>, adminActorOf(request));
        return answerOrderChange(app, request, order);
      },
    );

  app.get('/fulfilment', { schema: { tags: ['admin'], response: { 200: FulfilmentListSchema } } }, async () => listFulfilment(db));

  bodyStep('/orders/:id/pack', PackRequestSchema, packOrder);
  bodyStep('/orders/:id/ship', ShipRequestSchema, shipOrder);

  app.post(
    '/orders/:id/delivered',
    { schema: { tags: ['admin'], params: IdParamsSchema, response: { 200: OrderAdminDetailSchema } } },
    async (request) => {
      const order = await deliverOrder(deps, orderId(request.params.id), adminActorOf(request));
      return answerOrderChange(app, request, order);
    },
  );
};
