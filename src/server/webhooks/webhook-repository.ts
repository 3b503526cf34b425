import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { AuditAction } from '../../domain/audit.js';
import {
  WEBHOOK_MESSAGES,
  type Webhook,
  type WebhookCreate,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookUpdate,
} from '../../domain/webhooks.js';
import { auditActor, writeAudit } from '../audit/public.js';
import { seal } from '../crypto/sealed.js';
import type { Db } from '../db/database.js';
import { isRowId } from '../db/row-id.js';
import { webhookDeliveries, webhookEndpoints, type WebhookDeliveryRow, type WebhookEndpointRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';

/** Who made a change, for its audit row. */
export type WebhookActor = { id: string; ip: string | null; userAgent: string | null };

/** The delivery log shows the newest this many of an endpoint. */
export const DELIVERY_LOG_LIMIT = 100;

/** `whsec_` and 32 random bytes: the HMAC key of one endpoint. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function toWebhook(row: WebhookEndpointRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    active: row.active,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.eventId,
    event_type: row.eventType as WebhookEvent,
    state: row.state as WebhookDelivery['state'],
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    // A delivery that is done has no next attempt, whatever the lease column still holds.
    next_attempt_at: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** What an audit row keeps of an endpoint: never its secret. */
function audited(row: WebhookEndpointRow): { url: string; events: string[]; active: boolean } {
  return { url: row.url, events: row.events, active: row.active };
}

/** The audit row of a change to an endpoint or its delivery log, in the change's transaction. */
function auditEndpoint(tx: Db, actor: WebhookActor, action: AuditAction, endpointId: string, diff: object): Promise<void> {
  return writeAudit(tx, { ...auditActor(actor), action, targetTable: 'webhook_endpoints', targetId: endpointId, diff });
}

export async function listWebhooks(db: Db): Promise<Webhook[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(toWebhook);
}

export async function findWebhook(db: Db, id: string): Promise<WebhookEndpointRow | null> {
  if (!isRowId(id)) return null;
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ?? null;
}

/** A new endpoint with a fresh secret, audited in the same transaction; the answer is the only place the secret shows. */
export async function createWebhook(db: Db, input: WebhookCreate, actor: WebhookActor, now: Date): Promise<WebhookCreated> {
  const secret = newWebhookSecret();
  const events = [...new Set(input.events)];
  const id = randomUUID();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        id,
        url: input.url,
        events,
        active: input.active ?? true,
        secret: seal(secret, 'webhook_endpoints', 'secret', id),
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await auditEndpoint(tx, actor, 'webhook_create', created!.id, { after: audited(created!) });
    return created!;
  });
  return { ...toWebhook(row), secret };
}

/** Changes the fields given; null when the endpoint does not exist. */
export async function updateWebhook(db: Db, id: string, input: WebhookUpdate, actor: WebhookActor, now: Date): Promise<Webhook | null> {
  if (!isRowId(id)) return null;
  return db.transaction(async (tx) => {
    // Locked: two admins saving at once each audit what the other saved as their `before`.
    const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
    if (!before) return null;
    const [after] = await tx
      .update(webhookEndpoints)
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await auditEndpoint(tx, actor, 'webhook_update', id, { before: audited(before), after: audited(after!) });
    return toWebhook(after!);
  });
}

/** Removes the endpoint and (cascade) its deliveries; false when it does not exist. */
export async function deleteWebhook(db: Db, id: string, actor: WebhookActor): Promise<boolean> {
  if (!isRowId(id)) return false;
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
    if (!deleted) return false;
    await auditEndpoint(tx, actor, 'webhook_delete', id, { before: audited(deleted) });
    return true;
  });
}

/** The endpoint's newest deliveries first (the start of their current delivery window). */
export async function listDeliveries(db: Db, endpointId: string): Promise<WebhookDelivery[]> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_LIMIT);
  return rows.map(toDelivery);
}

/**
 * 'Kirim Ulang': whatever its state, the delivery is due now with a fresh give-up window. The window
 * runs from `created_at`, so that is moved to now (the event's own time stays in the body), and the
 * attempts start again from the first back-off step. Null when the endpoint has no such delivery.
 *
 * While a worker holds the delivery (its claim's lease has not run out) the attempt is in flight: a
 * resend then would send it a second time beside it, so it is refused (409) until the result is in. A
 * lease that ran out (a crashed worker) is taken back: its late result, if any, is no longer recorded.
 */
export async function resendDelivery(
  db: Db,
  endpointId: string,
  deliveryId: string,
  actor: WebhookActor,
  now: Date,
): Promise<WebhookDelivery | null> {
  if (!isRowId(deliveryId)) return null;
  const match = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId));
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ state: webhookDeliveries.state, claimToken: webhookDeliveries.claimToken, nextAttemptAt: webhookDeliveries.nextAttemptAt })
      .from(webhookDeliveries)
      .where(match)
      .for('update');
    if (!before) return null;
    if (before.claimToken !== null && before.nextAttemptAt.getTime() > now.getTime()) {
      throw new AppError(409, 'DELIVERY_IN_FLIGHT', WEBHOOK_MESSAGES.deliveryInFlight);
    }
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ state: 'pending', nextAttemptAt: now, createdAt: now, attempts: 0, deliveredAt: null, claimToken: null })
      .where(match)
      .returning();
    await auditEndpoint(tx, actor, 'webhook_resend', endpointId, {
      delivery_id: row!.id,
      event_id: row!.eventId,
      event_type: row!.eventType,
      previous_state: before.state,
    });
    return toDelivery(row!);
  });
}
