import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../tests/support/admin-session.js';
import { twoInstancesPerSuite } from '../../../tests/support/two-instances.js';
import { WebhookReceiver } from '../../../tests/support/webhook-receiver.js';
import type { WebhookCreated } from '../../domain/webhooks.js';
import { webhookDeliveries } from '../db/schema.js';
import { enqueueWebhookEvent } from './webhook-events.js';

const EVENTS = 40;

/**
 * Two server instances (two buildApp, two connection pools, two webhook workers) on one PostgreSQL
 * database: every event reaches every endpoint once, whichever instance recorded it and whichever worker
 * claims it. Always on PostgreSQL (the local server, or DATABASE_URL): PGlite is single-process.
 */
describe('webhooks with two instances on one PostgreSQL database', () => {
  const receivers: WebhookReceiver[] = [];
  beforeAll(async () => {
    receivers.push(await WebhookReceiver.start('/erp'), await WebhookReceiver.start('/acquirer'));
  });
  afterAll(async () => {
    for (const receiver of receivers) await receiver.stop();
  });
  const instances = twoInstancesPerSuite(() => ({ WEBHOOK_POLL_INTERVAL_MS: '20', WEBHOOK_RETRY_BASE_MS: '100' }));

  it('delivers each event once per endpoint while both workers poll the same deliveries', async () => {
    const [a, b] = instances.apps as [FastifyInstance, FastifyInstance];
    const [erp, acquirer] = receivers as [WebhookReceiver, WebhookReceiver];
    const { cookie } = await signIn(a);
    const endpoints: WebhookCreated[] = [];
    for (const [app, receiver] of [
      [a, erp],
      [b, acquirer],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/webhooks',
        headers: { cookie },
        payload: { url: receiver.url, events: ['order.paid', 'merchant.status_changed'] },
      });
      expect(response.statusCode).toBe(201);
      endpoints.push(response.json());
    }
    // The acquirer's first answer is a 500: that one delivery is retried, by either worker.
    acquirer.answer(500);

    // Events recorded through both instances' own connections, as their transitions would.
    const eventIds: string[] = [];
    for (let i = 0; i < EVENTS; i += 1) {
      const database = instances.databases[i % 2]!;
      const type = i % 3 === 0 ? 'merchant.status_changed' : 'order.paid';
      const id = await enqueueWebhookEvent(database.db, {
        type,
        data: { kode_pesanan: `ORD-TWO${String(i).padStart(5, '0')}`, status: 'siap_dikemas' },
        now: new Date(),
      });
      eventIds.push(id!);
      (i % 2 === 0 ? a : b).webhooks.wake();
    }

    await erp.waitFor(EVENTS, 60_000);
    await acquirer.waitFor(EVENTS + 1, 60_000);
    await expect
      .poll(
        async () =>
          (await instances.databases[1]!.db.select({ state: webhookDeliveries.state }).from(webhookDeliveries)).every(
            (row) => row.state === 'sent',
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    // Every claim counts an attempt before its POST: once the attempts recorded equal the requests
    // received, no POST is still on its way. A duplicate (a second claim of a delivery) would show here.
    await expect
      .poll(
        async () => {
          const all = await instances.databases[0]!.db.select({ attempts: webhookDeliveries.attempts }).from(webhookDeliveries);
          return all.reduce((sum, row) => sum + row.attempts, 0) - erp.received.length - acquirer.received.length;
        },
        { timeout: 20_000 },
      )
      .toBe(0);

    const rows = await instances.databases[0]!.db.select().from(webhookDeliveries);
    expect(rows).toHaveLength(2 * EVENTS);
    for (const [receiver, endpoint] of [
      [erp, endpoints[0]!],
      [acquirer, endpoints[1]!],
    ] as const) {
      const delivered = receiver.received
        .filter((request) => request.status === 200)
        .map((request) => String(request.headers['aipos-event-id']));
      expect(delivered).toHaveLength(EVENTS);
      expect(new Set(delivered)).toEqual(new Set(eventIds));
      expect(rows.filter((row) => row.endpointId === endpoint.id).reduce((sum, row) => sum + row.attempts, 0)).toBe(
        receiver.received.length,
      );
    }
    expect(erp.received).toHaveLength(EVENTS);
    expect(acquirer.received).toHaveLength(EVENTS + 1);
    // The retried one went out twice with the same event id and body.
    const [refused] = acquirer.received;
    expect(acquirer.forEvent(String(refused!.headers['aipos-event-id']))).toHaveLength(2);

    // The logs name ids and status codes, never a secret or a body.
    const logs = instances.logs.join('');
    expect(logs).toContain('webhook delivery failed, will retry');
    expect(logs).toContain('"statusCode":500');
    for (const endpoint of endpoints) expect(logs).not.toContain(endpoint.secret);
    expect(logs).not.toContain('ORD-TWO');
  }, 120_000);
});
