import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/support/build-test-app.js';
import { MidtransSimulator } from '../../../tests/support/midtrans-simulator.js';
import { insertMerchant, productStock } from '../../../tests/support/order-fixtures.js';
import { getOrder, orderBody, postOrder, shopFootprint } from '../../../tests/support/order-requests.js';
import { expectRefusal } from '../../../tests/support/refusals.js';
import { ORDER_MESSAGES, type OrderCreateResponse, type ProductList } from '../../domain/orders.js';
import { auditLogs, orders, outboxMessages } from '../db/schema.js';
import type { MerchantEvent } from '../events/event-bus.js';
import { messageText } from '../mail/outbox.js';

const NOW = new Date('2026-12-01T03:00:00.000Z');
const SERVER_KEY = 'SB-Mid-server-uji-0123456789';

describe('POST /api/orders with Midtrans (against the Snap simulator)', () => {
  let t: TestApp;
  let snap: MidtransSimulator;
  const events: MerchantEvent[] = [];
  let codes = 0;
  const merchant = () => insertMerchant(t.database.db, { kodePendaftaran: `AIP-M${String((codes += 1)).padStart(4, '0')}` });
  const midtransBody = (kode: string) =>
    orderBody(
      kode,
      [
        { product_id: 2, quantity: 1 },
        { product_id: 1, quantity: 3 },
      ],
      { metode_pembayaran: 'midtrans' },
    );

  beforeAll(async () => {
    snap = await MidtransSimulator.start(SERVER_KEY);
    t = await buildTestApp({ now: () => NOW, env: { ...snap.appEnv(), ORDER_PAYMENT_MINUTES: '90' } });
    t.app.deps.events.subscribe((event) => events.push(event));
  });
  afterAll(async () => {
    await t?.close();
    await snap?.close();
  });

  it('offers Midtrans next to transfer', async () => {
    expect((JSON.parse((await t.app.inject({ method: 'GET', url: '/api/products' })).body) as ProductList).metode_pembayaran).toEqual([
      'transfer',
      'midtrans',
    ]);
  });

  it('creates the Snap transaction after the order and answers its redirect_url; the receipt links to it', async () => {
    const m = await merchant();
    const response = await postOrder(t.app, midtransBody(m.kodePendaftaran));
    expect(response.statusCode).toBe(201);
    const body = response.json() as OrderCreateResponse;
    const sent = snap.requests.at(-1)!;
    expect(body.pembayaran).toEqual({
      metode: 'midtrans',
      redirect_url: `${snap.origin}/snap/v4/redirection/${sent.token}`,
      batas_waktu: new Date(NOW.getTime() + 90 * 60_000).toISOString(),
    });
    expect(body.total).toBe(3 * 350_000 + 2_500_000);
    expect(sent.authorization).toBe(`Basic ${Buffer.from(`${SERVER_KEY}:`).toString('base64')}`);
    expect(sent.body).toEqual({
      transaction_details: { order_id: body.kode_pesanan, gross_amount: 3_550_000 },
      item_details: [
        { id: 'SBX-STD', price: 350_000, quantity: 3, name: 'Soundbox' },
        { id: 'D210-UP', price: 2_500_000, quantity: 1, name: 'D210 UnionPay' },
      ],
      customer_details: { first_name: 'Siti Rahayu', phone: '+6281234567890', email: 'siti.rahayu@example.com' },
      expiry: { unit: 'minute', duration: 90 },
    });

    const [row] = await t.database.db.select().from(orders).where(eq(orders.kodePesanan, body.kode_pesanan));
    expect(row).toMatchObject({
      status: 'menunggu_pembayaran',
      metodePembayaran: 'midtrans',
      kodeUnik: null,
      midtransRedirectUrl: body.pembayaran.metode === 'midtrans' ? body.pembayaran.redirect_url : '',
    });
    const mails = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.merchantId, m.id));
    expect(mails.map((mail) => mail.kind)).toEqual(['order_receipt']);
    expect(messageText(mails[0]!)).toContain(`${snap.origin}/snap/v4/redirection/${sent.token}`);
    expect(events).toContainEqual({ kind: 'order_changed', merchant_id: m.id, order_id: row!.id });
    expect((await getOrder(t.app, body.kode_pesanan, body.akses)).json()).toMatchObject({ pembayaran: body.pembayaran });
  });

  it('when Snap fails: 502, the order is cancelled at once and its units are back on sale', async () => {
    const m = await merchant();
    const before = { soundbox: await productStock(t.database.db, 1), d210: await productStock(t.database.db, 2) };
    const footprint = await shopFootprint(t.database.db);
    snap.failNext('error');
    const key = randomUUID();
    expectRefusal(await postOrder(t.app, midtransBody(m.kodePendaftaran), { key }), 502, {
      code: 'PAYMENT_UNAVAILABLE',
      message: ORDER_MESSAGES.paymentUnavailable,
    });

    expect(await productStock(t.database.db, 1)).toEqual(before.soundbox);
    expect(await productStock(t.database.db, 2)).toEqual(before.d210);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.merchantId, m.id));
    expect(row).toMatchObject({
      status: 'dibatalkan',
      cancelReason: 'Pembayaran Midtrans gagal dibuat',
      cancelledAt: NOW,
      midtransRedirectUrl: null,
      perluRefund: false,
    });
    const audit = await t.database.db
      .select({ action: auditLogs.action, actorId: auditLogs.actorId })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetTable, 'orders'), eq(auditLogs.targetId, row!.id)))
      .orderBy(asc(auditLogs.id));
    expect(audit).toEqual([
      { action: 'order_create', actorId: null },
      { action: 'order_cancelled', actorId: null },
    ]);
    // The buyer never got a payment link: only the cancellation is mailed.
    expect(
      (await t.database.db.select({ kind: outboxMessages.kind }).from(outboxMessages).where(eq(outboxMessages.merchantId, m.id))).map(
        (r) => r.kind,
      ),
    ).toEqual(['order_closed']);
    expect((await shopFootprint(t.database.db)).held).toEqual(footprint.held);

    // A retry with the same key gets the same answer, not the cancelled order; a new key makes a new order.
    const afterFailure = await shopFootprint(t.database.db);
    expectRefusal(await postOrder(t.app, midtransBody(m.kodePendaftaran), { key }), 502, {
      code: 'PAYMENT_UNAVAILABLE',
      message: ORDER_MESSAGES.paymentUnavailable,
    });
    expect(await shopFootprint(t.database.db)).toEqual(afterFailure);
    expect((await postOrder(t.app, midtransBody(m.kodePendaftaran))).statusCode).toBe(201);
  });

  it('when Snap does not answer a usable transaction: the same 502', async () => {
    const m = await merchant();
    snap.failNext('malformed');
    expectRefusal(await postOrder(t.app, midtransBody(m.kodePendaftaran)), 502, {
      code: 'PAYMENT_UNAVAILABLE',
      message: ORDER_MESSAGES.paymentUnavailable,
    });
    const [row] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.merchantId, m.id));
    expect(row).toEqual({ status: 'dibatalkan' });
  });

  it('a transfer order on the same server still works', async () => {
    const m = await merchant();
    const response = await postOrder(t.app, orderBody(m.kodePendaftaran));
    expect(response.statusCode).toBe(201);
    expect((response.json() as OrderCreateResponse).pembayaran.metode).toBe('transfer');
  });
});
