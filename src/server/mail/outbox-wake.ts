import type { FastifyInstance } from 'fastify';
import type {} from '../webhooks/public.js';
import type {} from './mailer.js';

/**
 * One nudge for both outboxes after a commit: a business change queues mail (outbox_messages), webhook
 * deliveries, or both, and the route that committed it need not know which. Each sender looks for due
 * work at once instead of at its next poll; a wake with nothing due costs one indexed query.
 */
export type OutboxWake = { wake(): void };

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWake;
  }
}

/** After registerMailer and registerWebhookWorker: wakes what they registered. */
export function registerOutboxWake(app: FastifyInstance): void {
  app.decorate('outbox', {
    wake: () => {
      app.mailer.wake();
      app.webhooks.wake();
    },
  });
}
