import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../domain/api-error.js';
import {
  WEBHOOK_MESSAGES,
  WebhookCreatedSchema,
  WebhookCreateSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookSchema,
  WebhookUpdateSchema,
} from '../../domain/webhooks.js';
import { requireAdmin } from '../http/admin-principal.js';
import { AppError } from '../http/app-error.js';
import { IdParamsSchema } from '../http/id-params.js';
import {
  createWebhook,
  deleteWebhook,
  findWebhook,
  listDeliveries,
  listWebhooks,
  resendDelivery,
  updateWebhook,
  type WebhookActor,
} from './webhook-repository.js';
import { checkWebhookUrl } from './webhook-url.js';

const DeliveryParamsSchema = z.object({ id: z.string().max(100), deliveryId: z.string().max(100) }).strict();

const webhookNotFound = () => new AppError(404, 'WEBHOOK_NOT_FOUND', WEBHOOK_MESSAGES.notFound);
const deliveryNotFound = () => new AppError(404, 'WEBHOOK_DELIVERY_NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);

function actorOf(request: FastifyRequest): WebhookActor {
  return { id: requireAdmin(request).id, ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** /api/admin/webhooks: the provider's endpoints, their delivery log and 'Kirim Ulang', behind the admin guard. */
export const webhookAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const requireWebhook = async (id: string) => {
    const endpoint = await findWebhook(db, id);
    if (!endpoint) throw webhookNotFound();
    return endpoint;
  };
  const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema };

  app.get('/webhooks', { schema: { tags: ['admin'], response: { 200: WebhookListSchema } } }, async () => ({
    items: await listWebhooks(db),
  }));

  const allowPrivate = app.deps.config.WEBHOOK_ALLOW_PRIVATE;

  app.post(
    '/webhooks',
    { schema: { tags: ['admin'], body: WebhookCreateSchema, response: { 201: WebhookCreatedSchema, 400: ApiErrorSchema } } },
    async (request, reply) => {
      checkWebhookUrl(request.body.url, allowPrivate);
      const created = await createWebhook(db, request.body, actorOf(request), app.deps.now());
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/webhooks/:id',
    { schema: { tags: ['admin'], params: IdParamsSchema, body: WebhookUpdateSchema, response: { 200: WebhookSchema, ...errors } } },
    async (request) => {
      checkWebhookUrl(request.body.url, allowPrivate);
      const updated = await updateWebhook(db, request.params.id, request.body, actorOf(request), app.deps.now());
      if (!updated) throw webhookNotFound();
      // Switched on again: its waiting deliveries go now rather than at the next poll.
      if (request.body.active) app.webhooks.wake();
      return updated;
    },
  );

  app.delete(
    '/webhooks/:id',
    { schema: { tags: ['admin'], params: IdParamsSchema, response: { 204: z.null(), 404: ApiErrorSchema } } },
    async (request, reply) => {
      if (!(await deleteWebhook(db, request.params.id, actorOf(request)))) throw webhookNotFound();
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    { schema: { tags: ['admin'], params: IdParamsSchema, response: { 200: WebhookDeliveryListSchema, 404: ApiErrorSchema } } },
    async (request) => {
      const endpoint = await requireWebhook(request.params.id);
      return { items: await listDeliveries(db, endpoint.id) };
    },
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/resend',
    {
      schema: {
        tags: ['admin'],
        params: DeliveryParamsSchema,
        response: { 200: WebhookDeliverySchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      const endpoint = await requireWebhook(request.params.id);
      const delivery = await resendDelivery(db, endpoint.id, request.params.deliveryId, actorOf(request), app.deps.now());
      if (!delivery) throw deliveryNotFound();
      app.webhooks.wake();
      return delivery;
    },
  );
};
