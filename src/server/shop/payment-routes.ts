import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../domain/api-error.js';
import { ORDER_MESSAGES } from '../../domain/orders.js';
import { AppError } from '../http/app-error.js';
import { handleMidtransNotification, MidtransNotificationSchema } from './midtrans-notification.js';

/** Midtrans' payment notifications (POST /api/payments/midtrans/notification). */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;

  app.post(
    '/payments/midtrans/notification',
    {
      // Without a server key there is no Midtrans here: the address does not exist, before any body is read.
      onRequest: async () => {
        if (!config.MIDTRANS_SERVER_KEY) throw new AppError(404, 'MIDTRANS_NOT_CONFIGURED', ORDER_MESSAGES.midtransNotConfigured);
      },
      // No rate limit: Midtrans retries until it gets a 200, and every request is signed.
      schema: {
        tags: ['shop'],
        summary:
          "Midtrans' HTTP notification: signed with SHA-512 of order_id + status_code + gross_amount + server key; repeats change nothing",
        body: MidtransNotificationSchema,
        response: {
          200: z.object({ ok: z.literal(true) }),
          400: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const notification = request.body;
      const result = await handleMidtransNotification(app.deps, config.MIDTRANS_SERVER_KEY!, notification);
      const context = {
        kode_pesanan: result.order.kodePesanan,
        transaction_status: notification.transaction_status,
        changed: result.changed,
      };
      if (result.paidAfterClose) {
        // The buyer's money arrived after the order closed: an admin must refund it or sell again by hand.
        request.log.warn(context, 'Midtrans reported a payment for a closed order');
      } else {
        request.log.info(context, 'Midtrans notification');
      }
      if (result.changed) {
        app.outbox.wake();
        // Admin screens refresh by themselves; a lost announcement never fails the notification.
        void app.deps.events
          .publish({ kind: 'order_changed', merchant_id: result.order.merchantId, order_id: result.order.id })
          .catch((error: unknown) => request.log.error({ err: error }, 'event publish failed'));
      }
      return { ok: true as const };
    },
  );
};
