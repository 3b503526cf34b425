import { randomUUID } from 'node:crypto';
import { and, arrayContains, eq } from 'drizzle-orm';
import type { WebhookEvent, WebhookPayload } from '../../domain/webhooks.js';
import type { Db } from '../db/database.js';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.js';

export type WebhookEventInput = { type: WebhookEvent; data: Record<string, unknown>; now: Date };

/**
 * Records an event for every active endpoint that subscribed to it. Call inside the transaction of the
 * change the event tells about (like the mail outbox): the change and its deliveries commit together, and
 * the (endpoint, event) unique key keeps it one delivery per endpoint whatever the instances. Returns the
 * event id, or null when no endpoint listens.
 */
export async function enqueueWebhookEvent(tx: Db, input: WebhookEventInput): Promise<string | null> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.active, true), arrayContains(webhookEndpoints.events, [input.type])));
  if (endpoints.length === 0) return null;
  const id = randomUUID();
  const payload: WebhookPayload = { id, type: input.type, created_at: input.now.toISOString(), data: input.data };
  const body = JSON.stringify(payload);
  await tx.insert(webhookDeliveries).values(
    endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      eventId: id,
      eventType: input.type,
      body,
      nextAttemptAt: input.now,
      createdAt: input.now,
    })),
  );
  return id;
}
