import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../tests/support/admin-session.js';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { insertMerchant, insertOrder } from '../../../tests/support/order-fixtures.js';
import { FAST_MAIL, SmtpTestServer } from '../../../tests/support/smtp-test-server.js';
import { WebhookReceiver } from '../../../tests/support/webhook-receiver.js';
import { seal } from '../crypto/sealed.js';
import { webhookEndpoints } from '../db/schema.js';
import { enqueueWebhookEvent } from '../webhooks/webhook-events.js';
import { enqueueMail } from './outbox.js';

/**
 * Both senders poll only every ten minutes here: whatever arrives within the test was woken by a call,
 * not found by a poll.
 */
describe('app.outbox.wake(): one call wakes the mail and the webhook senders', () => {
  let smtp: SmtpTestServer;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    smtp = await SmtpTestServer.start();
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await receiver?.stop();
    await smtp?.stop();
  });
  const t = testAppPerSuite(
    {
      // Read when the suite's hook builds the app, after the servers above started.
      get env() {
        return { ...FAST_MAIL, SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '600000', WEBHOOK_POLL_INTERVAL_MS: '600000' };
      },
    },
    async (app) => {
      const id = randomUUID();
      await app.database.db
        .insert(webhookEndpoints)
        .values({ id, url: receiver.url, events: ['order.created'], secret: seal('whsec_bangun', 'webhook_endpoints', 'secret', id) });
    },
  );

  it('sends a queued mail and a queued webhook delivery at once', async () => {
    const merchant = await insertMerchant(t.database.db);
    const now = new Date();
    await enqueueMail(t.database.db, {
      merchantId: merchant.id,
      kind: 'status',
      to: merchant.email,
      content: { subject: 'Uji bangun', text: 'Halo', html: '<p>Halo</p>' },
      now,
    });
    await enqueueWebhookEvent(t.database.db, { type: 'order.created', data: { kode_pesanan: 'ORD-BANGUN01' }, now });
    t.app.outbox.wake();
    await smtp.waitFor(1);
    await receiver.waitFor(1);
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['Uji bangun']);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'order.created', data: { kode_pesanan: 'ORD-BANGUN01' } });
  });

  it('is what a route calls after its commit: deleting a merchant mails its cancelled order at once', async () => {
    const { cookie } = await signIn(t.app);
    const merchant = await insertMerchant(t.database.db, { status: 'verified', email: 'hapus.bangun@example.com' });
    const { order } = await insertOrder(t.database.db, { merchantId: merchant.id, items: [{ productId: 1, quantity: 1 }] });
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/admin/merchants/${merchant.id}`, headers: { cookie } });
    expect(deleted.statusCode).toBe(204);
    await expect
      .poll(() => smtp.received.filter((mail) => mail.to === 'hapus.bangun@example.com').map((mail) => mail.subject), { timeout: 10_000 })
      .toEqual([expect.stringContaining(order.kodePesanan)]);
  });
});
