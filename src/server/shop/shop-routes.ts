import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../domain/api-error.js';
import {
  MerchantCheckRequestSchema,
  MerchantCheckResponseSchema,
  OrderCreateRequestSchema,
  OrderCreateResponseSchema,
  OrderLookupRequestSchema,
  OrderLookupResponseSchema,
  OrderPublicSchema,
  ProductListSchema,
  type PaymentMethod,
} from '../../domain/orders.js';
import { paymentBankAccount } from '../config.js';
import { errorResponses } from '../http/error-responses.js';
import { idempotencyKey, requireIdempotencyKey } from '../http/idempotency-key.js';
import { noStore } from '../http/no-store.js';
import { perHour, perMinute } from '../limits/route-limits.js';
import { refuseDuringMaintenance } from '../settings/public.js';
import { deliverOrder } from './fulfilment-service.js';
import { requireOrderAccess } from './order-access.js';
import { checkMerchant } from './order-merchant.js';
import { loadOrder, toOrderPublic } from './order-repository.js';
import { createOrder, lookupOrder, type OrderChange } from './order-service.js';
import { listActiveProducts, toProductPublic } from './product-repository.js';

const errors = errorResponses(400, 404, 409, 429, 502, 503);

/** Public shop API (decision 0030): products, checkout's merchant check, orders and their lookups. */
export const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  // Stock, orders and the buyer's personal data: no answer may be cached.
  app.addHook('onSend', noStore);
  // Codes and phones are guessable: the two lookups are limited per IP like the status lookup.
  const lookupLimit = perMinute(config.RATE_LIMIT_LOOKUPS_PER_MINUTE);

  /** After a commit that changed an order: the outbox sends its mail, the admin screens refresh. */
  const announce = (request: FastifyRequest) => (change: OrderChange) => {
    app.outbox.wake();
    // A lost announcement never fails the order.
    void app.deps.events
      .publish({ kind: 'order_changed', merchant_id: change.merchantId, order_id: change.orderId })
      .catch((error: unknown) => request.log.error({ err: error }, 'event publish failed'));
  };

  app.get(
    '/products',
    {
      schema: {
        tags: ['shop'],
        summary: 'The products on sale with the units still available, and the payment methods offered',
        response: { 200: ProductListSchema },
      },
    },
    async () => {
      const methods: PaymentMethod[] = config.MIDTRANS_SERVER_KEY ? ['transfer', 'midtrans'] : ['transfer'];
      return { products: (await listActiveProducts(app.deps.db)).map(toProductPublic), metode_pembayaran: methods };
    },
  );

  app.post(
    '/orders/merchant-check',
    {
      config: lookupLimit,
      schema: {
        tags: ['shop'],
        summary: 'Checkout step 2: the registration by code plus its phone (or the receipt token), and its store address',
        body: MerchantCheckRequestSchema,
        response: { 200: MerchantCheckResponseSchema, ...errors },
      },
    },
    async (request) => checkMerchant(app.deps.db, request.body),
  );

  app.post(
    '/orders',
    {
      onRequest: refuseDuringMaintenance(app.deps.db),
      config: perHour(config.RATE_LIMIT_ORDERS_PER_HOUR),
      preValidation: requireIdempotencyKey,
      schema: {
        tags: ['shop'],
        summary: 'Place an order (header Idempotency-Key); the same key again answers 200 with the same order',
        body: OrderCreateRequestSchema,
        response: { 200: OrderCreateResponseSchema, 201: OrderCreateResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await createOrder(
        { db: app.deps.db, config, now: app.deps.now, announce: announce(request), log: request.log },
        { input: request.body, idempotencyKey: idempotencyKey(request), ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
      );
      return reply.status(result.created ? 201 : 200).send(result.order);
    },
  );

  app.post(
    '/orders/lookup',
    {
      config: lookupLimit,
      schema: {
        tags: ['shop'],
        summary: "An order by its code and the registration's or the recipient's phone, with a fresh access token",
        body: OrderLookupRequestSchema,
        response: { 200: OrderLookupResponseSchema, ...errors },
      },
    },
    async (request) => lookupOrder({ db: app.deps.db, config }, request.body),
  );

  app.get(
    '/orders/:kode_pesanan',
    {
      schema: {
        tags: ['shop'],
        summary: 'The order page: header Authorization: Bearer <akses>; without a valid token 404',
        params: z.object({ kode_pesanan: z.string().max(100) }),
        response: { 200: OrderPublicSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const order = await requireOrderAccess(app.deps.db, request, request.params.kode_pesanan);
      return toOrderPublic(await loadOrder(app.deps.db, order), paymentBankAccount(config));
    },
  );

  app.post(
    '/orders/:kode_pesanan/diterima',
    {
      schema: {
        tags: ['shop'],
        summary:
          "'Pesanan Sudah Diterima': the merchant confirms a shipped order arrived (Authorization: Bearer <akses>); without a valid token 404",
        params: z.object({ kode_pesanan: z.string().max(100) }),
        response: { 200: OrderPublicSchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      const found = await requireOrderAccess(app.deps.db, request, request.params.kode_pesanan);
      const actor = { id: null, ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
      const order = await deliverOrder({ db: app.deps.db, config, now: app.deps.now }, found.id, actor);
      announce(request)({ merchantId: order.merchantId, orderId: order.id });
      return toOrderPublic(await loadOrder(app.deps.db, order), paymentBankAccount(config));
    },
  );
};
