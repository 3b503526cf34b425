import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn } from '../../../tests/support/admin-session.js';
import { buildTestApp, testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { WebhookReceiver, type ReceivedWebhook } from '../../../tests/support/webhook-receiver.js';
import type { WebhookCreated, WebhookEvent } from '../../domain/webhooks.js';
import { seal } from '../crypto/sealed.js';
import { auditLogs, webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { retryDelayMs } from '../shared/polling-loop.js';
import { enqueueWebhookEvent } from './webhook-events.js';
import { signWebhook, WebhookWorker } from './webhook-worker.js';

const RETRY_BASE_MS = 200;
const HOUR = 3_600_000;

/** What a receiver does with AIPOS-Signature (docs/webhooks.md): recompute, compare in constant time, check the age. */
function verify(request: ReceivedWebhook, secret: string, nowSeconds: number): boolean {
  const header = String(request.headers['aipos-signature']);
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const t = Number(match[1]);
  if (Math.abs(nowSeconds - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${request.body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}

describe('the webhook worker against a receiver', () => {
  const receiver = WebhookReceiver.perSuite();
  let cookie: string;
  // The worker's clock: moved forward to reach the end of the give-up window.
  let offsetMs = 0;
  const t = testAppPerSuite(
    {
      env: { WEBHOOK_POLL_INTERVAL_MS: '50', WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS), WEBHOOK_TIMEOUT_MS: '1000' },
      now: () => new Date(Date.now() + offsetMs),
    },
    async (app) => {
      ({ cookie } = await signIn(app.app));
    },
  );
  afterEach(async () => {
    offsetMs = 0;
    await t.database.db.delete(webhookEndpoints);
    receiver.reset();
  });

  const createEndpoint = async (events: WebhookEvent[], url = receiver.url, active = true): Promise<WebhookCreated> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: { cookie },
      payload: { url, events, active },
    });
    expect(response.statusCode).toBe(201);
    return response.json();
  };
  const emit = async (type: WebhookEvent, data: Record<string, unknown>) => {
    const id = await enqueueWebhookEvent(t.database.db, { type, data, now: t.app.deps.now() });
    t.app.webhooks.wake();
    return id!;
  };
  const deliveryOf = async (eventId: string) => {
    const [row] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
    return row!;
  };
  /** A delivery written straight to the table (one long in the queue, or queued before a switch-off), with its event's body. */
  const queueDelivery = async (
    endpointId: string,
    event: { id: string; type: WebhookEvent; kode_pesanan: string; createdAt: Date },
    columns: { attempts?: number; nextAttemptAt?: Date } = {},
  ) => {
    const body = { id: event.id, type: event.type, created_at: event.createdAt.toISOString(), data: { kode_pesanan: event.kode_pesanan } };
    await t.database.db
      .insert(webhookDeliveries)
      .values({ endpointId, eventId: event.id, eventType: event.type, body: JSON.stringify(body), createdAt: event.createdAt, ...columns });
  };
  const deliveries = async (endpointId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/webhooks/${endpointId}/deliveries`, headers: { cookie } })).json().items as {
      id: string;
      state: string;
    }[];

  it('POSTs the exact body with a signature the receiver verifies, and records the delivery as sent', async () => {
    const endpoint = await createEndpoint(['order.shipped']);
    const data = { kode_pesanan: 'ORD-7H2K9Q4M', status: 'dikirim', kurir: 'JNE', no_resi: 'JNE0012345678' };
    const eventId = await emit('order.shipped', data);
    await receiver.waitFor(1);

    const [request] = receiver.received;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/hooks/aipos');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['user-agent']).toBe('AIPOS-Webhooks/1');
    expect(request!.headers['aipos-event-id']).toBe(eventId);
    expect(verify(request!, endpoint.secret, Math.floor(Date.now() / 1000))).toBe(true);
    // Another secret, or a body changed by one byte, does not verify.
    expect(verify(request!, 'whsec_lain', Math.floor(Date.now() / 1000))).toBe(false);
    expect(verify({ ...request!, body: request!.body.replace('JNE00', 'JNE01') }, endpoint.secret, Math.floor(Date.now() / 1000))).toBe(
      false,
    );
    // A replay long after fails the age check.
    expect(verify(request!, endpoint.secret, Math.floor(Date.now() / 1000) + 600)).toBe(false);
    const payload = JSON.parse(request!.body);
    expect(payload).toEqual({ id: eventId, type: 'order.shipped', created_at: expect.any(String), data });
    // The body is the stored one, byte for byte (what the signature covers).
    expect(request!.body).toBe((await deliveryOf(eventId)).body);

    await expect.poll(async () => (await deliveryOf(eventId)).state).toBe('sent');
    const row = await deliveryOf(eventId);
    expect(row).toMatchObject({ attempts: 1, lastStatusCode: 200, lastError: null });
    expect(row.deliveredAt).toBeInstanceOf(Date);
    expect(row.lastAttemptAt).toBeInstanceOf(Date);
    expect(await deliveries(endpoint.id)).toMatchObject([
      { event_id: eventId, state: 'sent', attempts: 1, last_status_code: 200, next_attempt_at: null },
    ]);
  });

  it('retries after a 500 once the back-off has passed, with the same body and event id, then records it sent', async () => {
    const endpoint = await createEndpoint(['order.paid']);
    receiver.answer(500);
    const eventId = await emit('order.paid', { kode_pesanan: 'ORD-RETRY001', status: 'siap_dikemas' });
    await receiver.waitFor(2);
    const [first, second] = receiver.received;
    expect(first!.status).toBe(500);
    expect(second!.status).toBe(200);
    expect(second!.body).toBe(first!.body);
    expect(second!.headers['aipos-event-id']).toBe(eventId);
    expect(verify(second!, endpoint.secret, Math.floor(Date.now() / 1000))).toBe(true);
    // The first retry waits WEBHOOK_RETRY_BASE_MS.
    expect(second!.at.getTime() - first!.at.getTime()).toBeGreaterThanOrEqual(RETRY_BASE_MS - 20);
    await expect.poll(async () => (await deliveryOf(eventId)).state).toBe('sent');
    expect(await deliveryOf(eventId)).toMatchObject({ attempts: 2, lastStatusCode: 200, lastError: null });
  });

  it('counts a refused connection as a failed attempt: pending, the error in the log, the next try a back-off later', async () => {
    // A port nobody listens on (the receiver's own, once stopped, would race other suites).
    const dead = await WebhookReceiver.start();
    const deadUrl = dead.url;
    await dead.stop();
    await createEndpoint(['order.created'], deadUrl);
    const eventId = await emit('order.created', { kode_pesanan: 'ORD-NOCONN01' });
    await expect.poll(async () => (await deliveryOf(eventId)).lastError).toBe('Koneksi gagal (ECONNREFUSED)');
    const row = await deliveryOf(eventId);
    expect(row.state).toBe('pending');
    expect(row.lastStatusCode).toBeNull();
    expect(row.attempts).toBeGreaterThanOrEqual(1);
  });

  it('counts a receiver that does not answer within WEBHOOK_TIMEOUT_MS as a failed attempt, and retries it', async () => {
    await createEndpoint(['order.paid']);
    receiver.stall();
    const eventId = await emit('order.paid', { kode_pesanan: 'ORD-SLOW0001' });
    await expect.poll(async () => (await deliveryOf(eventId)).lastError, { timeout: 10_000 }).toBe('Tidak ada jawaban dalam 1 detik');
    await receiver.waitFor(2);
    await expect.poll(async () => (await deliveryOf(eventId)).state).toBe('sent');
    expect(await deliveryOf(eventId)).toMatchObject({ attempts: 2, lastStatusCode: 200, lastError: null });
  });

  it('gives up after WEBHOOK_GIVE_UP_HOURS (failed), and Kirim Ulang delivers it again with a fresh window', async () => {
    const endpoint = await createEndpoint(['merchant.status_changed']);
    receiver.answerAlways(503);
    const eventId = await emit('merchant.status_changed', { kode_pendaftaran: 'AIP-K7M2Q', nama_toko: 'Toko Makmur', status: 'verified' });
    await receiver.waitFor(1);
    await expect.poll(async () => (await deliveryOf(eventId)).lastStatusCode).toBe(503);
    expect((await deliveryOf(eventId)).state).toBe('pending');

    // 72 hours later (the default window) the next failure is the last.
    offsetMs = 72 * HOUR + 60_000;
    t.app.webhooks.wake();
    await expect.poll(async () => (await deliveryOf(eventId)).state).toBe('failed');
    const failed = await deliveryOf(eventId);
    expect(failed).toMatchObject({ lastStatusCode: 503, lastError: 'Jawaban HTTP 503', deliveredAt: null });
    const attemptsBefore = receiver.received.length;
    expect(failed.attempts).toBe(attemptsBefore);
    offsetMs = 0;
    expect(await deliveries(endpoint.id)).toMatchObject([{ event_id: eventId, state: 'failed', next_attempt_at: null }]);

    receiver.answerAlways(200);
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/${endpoint.id}/deliveries/${failed.id}/resend`,
      headers: { cookie },
    });
    expect(resend.statusCode).toBe(200);
    await receiver.waitFor(attemptsBefore + 1);
    const again = receiver.received.at(-1)!;
    expect(again.headers['aipos-event-id']).toBe(eventId);
    expect(again.body).toBe(receiver.received[0]!.body);
    expect(verify(again, endpoint.secret, Math.floor(Date.now() / 1000))).toBe(true);
    await expect.poll(async () => (await deliveryOf(eventId)).state).toBe('sent');
    expect(await deliveryOf(eventId)).toMatchObject({ attempts: 1, lastStatusCode: 200, lastError: null });

    // A delivery already sent can be sent once more too (the receiver lost it).
    const resentAgain = await t.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/${endpoint.id}/deliveries/${failed.id}/resend`,
      headers: { cookie },
    });
    expect(resentAgain.json()).toMatchObject({ state: 'pending', delivered_at: null });
    await receiver.waitFor(attemptsBefore + 2);
    await expect.poll(async () => (await deliveryOf(eventId)).state).toBe('sent');
  });

  it('schedules the retries base, 2 x base, 4 x base, ... and never past the end of the window', async () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    const endpoint = await createEndpoint(['order.delivered']);
    receiver.answerAlways(500);
    // Twenty failures in, ten minutes before the end of its window: the next back-off would end far past it.
    const createdAt = new Date(Date.now() - 72 * HOUR + 10 * 60_000);
    const eventId = 'a4c1b2d3-0e5f-4a6b-8c7d-9e0f1a2b3c4d';
    await queueDelivery(
      endpoint.id,
      { id: eventId, type: 'order.delivered', kode_pesanan: 'ORD-WINDOW01', createdAt },
      { attempts: 20, nextAttemptAt: new Date() },
    );
    t.app.webhooks.wake();
    await expect.poll(async () => (await deliveryOf(eventId)).attempts).toBe(21);
    await expect.poll(async () => (await deliveryOf(eventId)).lastStatusCode).toBe(500);
    const row = await deliveryOf(eventId);
    expect(row.state).toBe('pending');
    expect(row.nextAttemptAt.getTime()).toBe(createdAt.getTime() + 72 * HOUR);
  });

  it('keeps an inactive endpoint’s deliveries waiting, and sends them when it is switched on again', async () => {
    const endpoint = await createEndpoint(['order.created']);
    await t.app.inject({ method: 'PUT', url: `/api/admin/webhooks/${endpoint.id}`, headers: { cookie }, payload: { active: false } });
    // An inactive endpoint is given no new events...
    expect(await enqueueWebhookEvent(t.database.db, { type: 'order.created', data: {}, now: new Date() })).toBeNull();
    // ...and one queued before it was switched off waits.
    const eventId = '3b9f3c1e-8a8e-4d55-9f7e-0d5d3c1f2a10';
    await queueDelivery(endpoint.id, { id: eventId, type: 'order.created', kode_pesanan: 'ORD-WAIT0001', createdAt: new Date() });
    expect(await t.app.webhooks.worker.runOnce()).toBe(0);
    expect(receiver.received).toEqual([]);
    expect((await deliveryOf(eventId)).attempts).toBe(0);

    const on = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/webhooks/${endpoint.id}`,
      headers: { cookie },
      payload: { active: true },
    });
    expect(on.statusCode).toBe(200);
    await receiver.waitFor(1);
    expect(receiver.received[0]!.headers['aipos-event-id']).toBe(eventId);
    expect(verify(receiver.received[0]!, endpoint.secret, Math.floor(Date.now() / 1000))).toBe(true);
    await expect.poll(async () => (await deliveryOf(eventId)).state).toBe('sent');
  });

  it('signs "<t>.<body>" with HMAC-SHA256 in hex', () => {
    const body = '{"id":"e1"}';
    expect(signWebhook('whsec_uji', body, 1_700_000_000)).toBe(
      `t=1700000000,v1=${createHmac('sha256', 'whsec_uji').update(`1700000000.${body}`).digest('hex')}`,
    );
  });
});

describe('a delivery in flight (claimed, its lease running)', () => {
  const receiver = WebhookReceiver.perSuite();
  let cookie: string;
  let offsetMs = 0;
  // A receiver that never answers holds the attempt for as long as the test needs: only a stop ends it.
  const t = testAppPerSuite(
    { env: { WEBHOOK_POLL_INTERVAL_MS: '50', WEBHOOK_TIMEOUT_MS: '60000' }, now: () => new Date(Date.now() + offsetMs) },
    async (app) => {
      ({ cookie } = await signIn(app.app));
    },
  );
  const LEASE_MS = 5 * 60_000;
  const IN_FLIGHT = {
    error: { code: 'DELIVERY_IN_FLIGHT', message: 'Pengiriman ini sedang berlangsung. Tunggu hasilnya, lalu kirim ulang bila perlu.' },
  };

  it('refuses Kirim Ulang while the attempt runs; a lease that ran out is taken back, and the late result is not recorded over the new one', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: { cookie },
      payload: { url: receiver.url, events: ['order.paid'] },
    });
    const endpoint = created.json() as WebhookCreated;
    receiver.stall();
    const eventId = (await enqueueWebhookEvent(t.database.db, {
      type: 'order.paid',
      data: { kode_pesanan: 'ORD-LEASE001' },
      now: t.app.deps.now(),
    }))!;
    t.app.webhooks.wake();
    await receiver.waitFor(1);
    const [claimed] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
    expect(claimed).toMatchObject({ state: 'pending', attempts: 1 });
    const resend = () =>
      t.app.inject({ method: 'POST', url: `/api/admin/webhooks/${endpoint.id}/deliveries/${claimed!.id}/resend`, headers: { cookie } });

    // In flight: a resend would send it a second time beside the running attempt.
    const refused = await resend();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(IN_FLIGHT);
    expect(receiver.received).toHaveLength(1);
    expect((await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'webhook_resend'))).length).toBe(0);

    // The lease runs out (as when the worker that holds it died): Kirim Ulang takes the delivery back...
    offsetMs = LEASE_MS + 60_000;
    expect((await resend()).statusCode).toBe(200);
    // ...and another worker (another instance) sends it: delivered.
    const other = new WebhookWorker({ db: t.database.db, config: t.app.deps.config, now: () => t.app.deps.now(), log: t.app.log });
    expect(await other.runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(2);
    expect(await deliveryRow(eventId)).toMatchObject({ state: 'sent', lastStatusCode: 200, lastError: null });

    // The first attempt ends now (cut off by the stop, as a timeout would): it holds no claim any more,
    // so its failure does not turn the delivered row back into a retry.
    await t.app.webhooks.worker.stop();
    t.app.webhooks.worker.start();
    expect(await deliveryRow(eventId)).toMatchObject({ state: 'sent', lastStatusCode: 200, lastError: null, claimToken: null });
    expect(await t.app.webhooks.worker.runOnce()).toBe(0);
    expect(receiver.received).toHaveLength(2);
  });

  const deliveryRow = async (eventId: string) =>
    (await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId)))[0]!;
});

describe('stopping the server with a delivery in flight', () => {
  it('ends the request at once instead of waiting out the timeout, and leaves the delivery to be retried', async () => {
    const receiver = await WebhookReceiver.start();
    // The longest timeout there is (60 s), twice the test's own: a close that waited for it would fail the test.
    const t = await buildTestApp({ env: { WEBHOOK_TIMEOUT_MS: '60000' } });
    try {
      const db = t.database.db;
      const endpointId = randomUUID();
      const [endpoint] = await db
        .insert(webhookEndpoints)
        .values({
          id: endpointId,
          url: receiver.url,
          events: ['order.created'],
          secret: seal('whsec_berhenti', 'webhook_endpoints', 'secret', endpointId),
        })
        .returning();
      receiver.stall();
      const eventId = await enqueueWebhookEvent(db, { type: 'order.created', data: { kode_pesanan: 'ORD-STOP0001' }, now: new Date() });
      t.app.webhooks.wake();
      await receiver.waitFor(1);
      await t.app.close();
      const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId!));
      expect(row).toMatchObject({
        endpointId: endpoint!.id,
        state: 'pending',
        attempts: 1,
        lastStatusCode: null,
        lastError: 'Dihentikan karena server berhenti',
      });
    } finally {
      await t.close();
      await receiver.stop();
    }
  });
});
