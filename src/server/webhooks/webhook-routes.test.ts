import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../tests/support/admin-session.js';
import { createUser } from '../../../tests/support/auth-test-kit.js';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { expectRefusal } from '../../../tests/support/refusals.js';
import { WEBHOOK_MESSAGES } from '../../domain/webhooks.js';
import { createSession } from '../auth/session-store.js';
import { unseal } from '../crypto/sealed.js';
import { queryRows } from '../db/query-rows.js';
import { auditLogs, webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { enqueueWebhookEvent } from './webhook-events.js';

const URL_A = 'https://erp.contoh.co.id/aipos/webhook';
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('/api/admin/webhooks', () => {
  let cookie: string;
  let adminId: string;
  // The worker never runs a delivery here: these tests read the log as the API leaves it.
  const t = testAppPerSuite({ env: { WEBHOOK_POLL_INTERVAL_MS: '600000' } }, async (app) => {
    ({ cookie, userId: adminId } = await signIn(app.app));
  });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const auditOf = (action: string) =>
    t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, action as 'webhook_create'))
      .orderBy(desc(auditLogs.id));

  it('creates an endpoint (201) with a whsec_ secret shown only in that answer, active by default, and audits it without the secret', async () => {
    const response = await call('POST', '/api/admin/webhooks', { url: URL_A, events: ['order.paid', 'merchant.status_changed'] });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: URL_A,
      events: ['order.paid', 'merchant.status_changed'],
      active: true,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    // Encrypted at rest: the column never holds the secret in clear.
    const [stored] = await queryRows<{ secret: string }>(t.database.db, 'select secret from webhook_endpoints where id = $1', [created.id]);
    expect(stored!.secret).not.toContain(created.secret);
    expect(stored!.secret).toMatch(/^enc:v2:/);
    // Read through the column it is the secret again (what the worker signs with).
    const [row] = await t.database.db
      .select({ secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.id));
    expect(unseal(row!.secret, 'webhook_endpoints', 'secret', created.id)).toBe(created.secret);

    const [audit] = await auditOf('webhook_create');
    expect(audit).toMatchObject({
      actorId: adminId,
      targetTable: 'webhook_endpoints',
      targetId: created.id,
      diff: { after: { url: URL_A, events: ['order.paid', 'merchant.status_changed'], active: true } },
    });
    expect(JSON.stringify(audit)).not.toContain(created.secret);

    // A second endpoint gets a secret of its own.
    const other = (
      await call('POST', '/api/admin/webhooks', { url: 'http://localhost:9999/hook', events: ['order.created'], active: false })
    ).json();
    expect(other.secret).not.toBe(created.secret);
    expect(other.active).toBe(false);
  });

  it('lists the endpoints, oldest first, never with a secret', async () => {
    const response = await call('GET', '/api/admin/webhooks');
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items.map((item: { url: string }) => item.url)).toEqual([URL_A, 'http://localhost:9999/hook']);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['active', 'created_at', 'events', 'id', 'updated_at', 'url']);
    expect(response.body).not.toContain('whsec_');
  });

  it('updates url, events and active (any of them), audits before and after, and answers without the secret', async () => {
    const [first] = (await call('GET', '/api/admin/webhooks')).json().items;
    const response = await call('PUT', `/api/admin/webhooks/${first.id}`, { active: false, events: ['order.shipped', 'order.delivered'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: first.id, url: URL_A, events: ['order.shipped', 'order.delivered'], active: false });
    expect(response.json()).not.toHaveProperty('secret');
    const [audit] = await auditOf('webhook_update');
    expect(audit).toMatchObject({
      actorId: adminId,
      targetId: first.id,
      diff: {
        before: { url: URL_A, events: ['order.paid', 'merchant.status_changed'], active: true },
        after: { url: URL_A, events: ['order.shipped', 'order.delivered'], active: false },
      },
    });
    expect(
      (await call('PUT', `/api/admin/webhooks/${first.id}`, { url: 'https://erp.contoh.co.id/v2', active: true })).json(),
    ).toMatchObject({
      url: 'https://erp.contoh.co.id/v2',
      events: ['order.shipped', 'order.delivered'],
      active: true,
    });
  });

  it.each([
    [{ url: 'http://erp.contoh.co.id/hook', events: ['order.paid'] }, WEBHOOK_MESSAGES.url, 'url'],
    [{ url: 'ftp://erp.contoh.co.id/hook', events: ['order.paid'] }, WEBHOOK_MESSAGES.url, 'url'],
    [{ url: 'https://user:pw@erp.contoh.co.id/hook', events: ['order.paid'] }, WEBHOOK_MESSAGES.url, 'url'],
    [{ url: 'bukan url', events: ['order.paid'] }, WEBHOOK_MESSAGES.url, 'url'],
    [{ url: URL_A, events: [] }, WEBHOOK_MESSAGES.events, 'events'],
    [{ url: URL_A, events: ['order.refunded'] }, WEBHOOK_MESSAGES.events, 'events.0'],
  ])('refuses to create %j with 400 and its Indonesian message', async (body, message, field) => {
    const before = (await call('GET', '/api/admin/webhooks')).json().items.length;
    expectRefusal(await call('POST', '/api/admin/webhooks', body), 400, { code: 'VALIDATION_ERROR', message, field });
    expect((await call('GET', '/api/admin/webhooks')).json().items).toHaveLength(before);
  });

  it('refuses unknown fields, a missing url and a secret of the caller’s choosing (400)', async () => {
    expect((await call('POST', '/api/admin/webhooks', { url: URL_A, events: ['order.paid'], secret: 'whsec_mine' })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/webhooks', { events: ['order.paid'] })).json().error.message).toBe(WEBHOOK_MESSAGES.url);
    const [first] = (await call('GET', '/api/admin/webhooks')).json().items;
    expectRefusal(await call('PUT', `/api/admin/webhooks/${first.id}`, { events: [] }), 400, {
      code: 'VALIDATION_ERROR',
      message: WEBHOOK_MESSAGES.events,
      field: 'events',
    });
    expect((await call('PUT', `/api/admin/webhooks/${first.id}`, { secret: 'x' })).statusCode).toBe(400);
  });

  it('answers 404 with its message for an unknown or malformed id, on every route', async () => {
    const notFound = { code: 'WEBHOOK_NOT_FOUND', message: WEBHOOK_MESSAGES.notFound };
    for (const id of [MISSING, 'bukan-id', "1' or '1'='1"]) {
      const path = `/api/admin/webhooks/${encodeURIComponent(id)}`;
      expectRefusal(await call('PUT', path, { active: false }), 404, notFound);
      expectRefusal(await call('DELETE', path), 404, notFound);
      expectRefusal(await call('GET', `${path}/deliveries`), 404, notFound);
      expectRefusal(await call('POST', `${path}/deliveries/${MISSING}/resend`), 404, notFound);
    }
    const [first] = (await call('GET', '/api/admin/webhooks')).json().items;
    for (const deliveryId of [MISSING, 'bukan-id']) {
      expectRefusal(await call('POST', `/api/admin/webhooks/${first.id}/deliveries/${deliveryId}/resend`), 404, {
        code: 'WEBHOOK_DELIVERY_NOT_FOUND',
        message: WEBHOOK_MESSAGES.deliveryNotFound,
      });
    }
  });

  it('lists an endpoint’s deliveries newest first, and Kirim Ulang makes any of them due now with a fresh window, audited', async () => {
    const [first] = (await call('GET', '/api/admin/webhooks')).json().items;
    const db = t.database.db;
    const older = await enqueueWebhookEvent(db, {
      type: 'order.shipped',
      data: { kode_pesanan: 'ORD-AAAA1111' },
      now: new Date('2026-01-05T01:00:00Z'),
    });
    const newer = await enqueueWebhookEvent(db, {
      type: 'order.delivered',
      data: { kode_pesanan: 'ORD-AAAA1111' },
      now: new Date('2026-01-06T01:00:00Z'),
    });
    // One that gave up, as the worker leaves it.
    await db
      .update(webhookDeliveries)
      .set({
        state: 'failed',
        attempts: 14,
        lastStatusCode: 503,
        lastError: 'Jawaban HTTP 503',
        lastAttemptAt: new Date('2026-01-08T01:00:00Z'),
      })
      .where(and(eq(webhookDeliveries.eventId, older!), eq(webhookDeliveries.endpointId, first.id)));

    const response = await call('GET', `/api/admin/webhooks/${first.id}/deliveries`);
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items.map((item: { event_id: string }) => item.event_id)).toEqual([newer, older]);
    expect(items[1]).toEqual({
      id: expect.any(String),
      event_id: older,
      event_type: 'order.shipped',
      state: 'failed',
      attempts: 14,
      last_status_code: 503,
      last_error: 'Jawaban HTTP 503',
      last_attempt_at: '2026-01-08T01:00:00.000Z',
      next_attempt_at: null,
      delivered_at: null,
      created_at: '2026-01-05T01:00:00.000Z',
    });
    expect(items[0]).toMatchObject({
      event_type: 'order.delivered',
      state: 'pending',
      attempts: 0,
      next_attempt_at: '2026-01-06T01:00:00.000Z',
    });
    // The body is not part of the log's answer.
    expect(response.body).not.toContain('ORD-AAAA1111');

    const resent = await call('POST', `/api/admin/webhooks/${first.id}/deliveries/${items[1].id}/resend`);
    expect(resent.statusCode).toBe(200);
    const now = Date.now();
    expect(resent.json()).toMatchObject({ id: items[1].id, state: 'pending', attempts: 0, last_status_code: 503 });
    expect(Math.abs(Date.parse(resent.json().created_at) - now)).toBeLessThan(60_000);
    expect(resent.json().next_attempt_at).toBe(resent.json().created_at);
    const [audit] = await auditOf('webhook_resend');
    expect(audit).toMatchObject({
      actorId: adminId,
      targetTable: 'webhook_endpoints',
      targetId: first.id,
      diff: { delivery_id: items[1].id, event_id: older, event_type: 'order.shipped', previous_state: 'failed' },
    });
    // Another endpoint's delivery is not found under this one.
    const second = (await call('GET', '/api/admin/webhooks')).json().items[1];
    expect((await call('POST', `/api/admin/webhooks/${second.id}/deliveries/${items[1].id}/resend`)).statusCode).toBe(404);
  });

  it('deletes an endpoint (204) with its deliveries, audited; it is then 404', async () => {
    const [first] = (await call('GET', '/api/admin/webhooks')).json().items;
    const response = await call('DELETE', `/api/admin/webhooks/${first.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, first.id))).toEqual([]);
    const [audit] = await auditOf('webhook_delete');
    expect(audit).toMatchObject({
      actorId: adminId,
      targetId: first.id,
      diff: { before: { url: 'https://erp.contoh.co.id/v2', active: true } },
    });
    expect((await call('DELETE', `/api/admin/webhooks/${first.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/webhooks/${first.id}/deliveries`)).statusCode).toBe(404);
    // No audit row of any webhook action holds a secret.
    const rows = await t.database.db.select().from(auditLogs).where(like(auditLogs.action, 'webhook_%'));
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(JSON.stringify(rows)).not.toContain('whsec_');
  });

  it('is for admins only: 401 without a session, 403 for a non-admin', async () => {
    const routes = [
      ['GET', '/api/admin/webhooks'],
      ['POST', '/api/admin/webhooks'],
      ['PUT', `/api/admin/webhooks/${MISSING}`],
      ['DELETE', `/api/admin/webhooks/${MISSING}`],
      ['GET', `/api/admin/webhooks/${MISSING}/deliveries`],
      ['POST', `/api/admin/webhooks/${MISSING}/deliveries/${MISSING}/resend`],
    ] as const;
    const staff = await createUser(t.app, 'staf@aipos.test', 'kata-sandi-staf-yang-panjang', 'user');
    for (const [method, url] of routes) {
      expect(
        (await t.app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} })).statusCode,
        `${method} ${url}`,
      ).toBe(401);
      const { token } = await createSession(
        t.app.deps.db,
        t.config,
        { userId: staff.id, secondFactorPending: false, ip: null, userAgent: null },
        new Date(),
      );
      const response = await t.app.inject({ method, url, headers: { cookie: `aipos_session=${token}` } });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.code).toBe('NOT_ADMIN');
    }
  });
});

describe('webhook URLs at internal hosts (SSRF)', () => {
  let cookie: string;
  const t = testAppPerSuite({ env: { WEBHOOK_POLL_INTERVAL_MS: '600000', WEBHOOK_ALLOW_PRIVATE: '0' } }, async (app) => {
    ({ cookie } = await signIn(app.app));
  });
  const call = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers: { cookie }, payload });
  const PRIVATE = {
    code: 'WEBHOOK_URL_PRIVATE',
    message: 'URL webhook tidak boleh mengarah ke alamat internal (localhost, jaringan privat, atau link-local).',
    field: 'url',
  };

  it('refuses localhost, loopback, private, link-local and unique-local addresses with 400, however written', async () => {
    for (const url of [
      'http://localhost:9999/hook',
      'https://api.localhost/hook',
      'http://127.0.0.1:8080/hook',
      'https://127.8.9.10/hook',
      'https://2130706433/hook',
      'https://0.0.0.0/hook',
      'https://10.20.30.40/hook',
      'https://172.16.0.1/hook',
      'https://172.31.255.254/hook',
      'https://192.168.1.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'http://[::1]:8080/hook',
      'https://[fd12:3456:789a::1]/hook',
      'https://[fc00::5]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
    ]) {
      expectRefusal(await call('POST', '/api/admin/webhooks', { url, events: ['order.paid'] }), 400, PRIVATE);
    }
    expect(await t.database.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it('takes public addresses, and refuses moving an endpoint to an internal one', async () => {
    for (const url of ['https://erp.contoh.co.id/hook', 'https://172.32.0.1/hook', 'https://8.8.8.8/hook', 'https://[2001:db8::1]/hook']) {
      expect((await call('POST', '/api/admin/webhooks', { url, events: ['order.paid'] })).statusCode, url).toBe(201);
    }
    const [first] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.url, 'https://erp.contoh.co.id/hook'));
    expectRefusal(await call('PUT', `/api/admin/webhooks/${first!.id}`, { url: 'https://192.168.0.5/hook' }), 400, PRIVATE);
    expect((await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, first!.id)))[0]!.url).toBe(
      'https://erp.contoh.co.id/hook',
    );
    // Other fields change as before.
    expect((await call('PUT', `/api/admin/webhooks/${first!.id}`, { active: false })).statusCode).toBe(200);
  });
});
