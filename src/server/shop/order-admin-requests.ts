import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OrderAdminDetail } from '../../domain/orders.js';
import { paymentBankAccount } from '../config.js';
import type { OrderRow } from '../db/schema.js';
import { requireAdmin } from '../http/admin-principal.js';
import { orderAdminDetail } from './order-admin-repository.js';
import type { OrderActor } from './order-transitions.js';

// What the admin's order routes (orders, products, fulfilment) share of handling a request.

export function adminActorOf(request: FastifyRequest): OrderActor {
  return { id: requireAdmin(request).id, ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/**
 * After the commit that changed an order: the mail worker sends the order's mail now, the webhook worker
 * its event, and open admin screens refresh. A lost announcement only delays a refresh, so it never fails
 * the request.
 */
function announceOrderChange(app: Pick<FastifyInstance, 'outbox' | 'deps'>, request: FastifyRequest, order: OrderRow): void {
  app.outbox.wake();
  app.deps.events
    .publish({ kind: 'order_changed', merchant_id: order.merchantId, order_id: order.id })
    .catch((error: unknown) => request.log.error({ err: error }, 'event publish failed'));
}

/** The answer to an admin's change of an order, once committed: announced as above, then the order's admin detail. */
export function answerOrderChange(
  app: Pick<FastifyInstance, 'outbox' | 'deps'>,
  request: FastifyRequest,
  order: OrderRow,
): Promise<OrderAdminDetail> {
  announceOrderChange(app, request, order);
  return orderAdminDetail(app.deps.db, order, paymentBankAccount(app.deps.config));
}
