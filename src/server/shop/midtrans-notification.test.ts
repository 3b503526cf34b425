import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { MidtransSimulator, type NotificationInput } from '../../../tests/support/midtrans-simulator.js';
import { insertMerchant, insertOrder, productStock } from '../../../tests/support/order-fixtures.js';
import { auditLogs, orders, outboxMessages, type MerchantRow, type OrderRow } from '../db/schema.js';
import type { MerchantEvent } from '../events/event-bus.js';

const SERVER_KEY = 'SB-Mid-server-NotificationKey-7';
const NOTIFICATION_URL = '/api/payments/midtrans/notification';

describe('POST /api/payments/midtrans/notification', () => {
  const simulator = MidtransSimulator.perSuite(SERVER_KEY);
  let merchant: MerchantRow;
  const events: MerchantEvent[] = [];
  const t = testAppPerSuite(
    () => ({ env: simulator.appEnv() }),
    async ({ app, database }) => {
      merchant = await insertMerchant(database.db);
      app.deps.events.subscribe((event) => events.push(event));
    },
  );

  const db = () => t.database.db;
  const midtransOrder = async (productId = 1, quantity = 2) =>
    (await insertOrder(db(), { merchantId: merchant.id, items: [{ productId, quantity }], metode: 'midtrans' })).order;
  const reload = async (order: OrderRow) => (await db().select().from(orders).where(eq(orders.id, order.id)))[0]!;
  const auditActions = async (order: OrderRow) =>
    (await db().select().from(auditLogs).where(eq(auditLogs.targetId, order.id)).orderBy(auditLogs.id)).map((row) => row.action);
  const mails = async (order: OrderRow, kind: string) =>
    db()
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, kind), like(outboxMessages.subject, `%${order.kodePesanan}%`)));
  const notify = (order: OrderRow, input: Omit<NotificationInput, 'order_id' | 'gross_amount'> & { gross_amount?: number | string }) =>
    simulator.notify(t.app, { order_id: order.kodePesanan, gross_amount: order.total, ...input });
  const eventsOf = (order: OrderRow) => events.filter((event) => event.order_id === order.id);

  it('marks the order paid on a signed settlement: invoice number, audit row, one mail, an event', async () => {
    const order = await midtransOrder(1, 2);
    // 17:30 UTC on 31 March is already 1 April in Jakarta: the invoice month is the WIB one.
    const at = new Date('2026-03-31T17:30:00Z');
    const response = await notify(order, { transaction_status: 'settlement', at });
    expect(response).toEqual({ statusCode: 200, body: { ok: true } });

    const paid = await reload(order);
    expect(paid).toMatchObject({
      status: 'menunggu_verifikasi',
      paidAmount: order.total,
      paymentNote: null,
      invoiceNumber: 'INV/2026/04/00001',
      midtransStatus: 'settlement',
    });
    expect(paid.paidAt?.toISOString()).toBe(at.toISOString());
    const audits = await db().select().from(auditLogs).where(eq(auditLogs.targetId, order.id));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'order_payment_notification', actorId: null, targetTable: 'orders' });
    expect(audits[0]!.diff).toMatchObject({
      from: 'menunggu_pembayaran',
      to: 'menunggu_verifikasi',
      jumlah: order.total,
      transaction_status: 'settlement',
      payment_type: 'bank_transfer',
    });
    expect(await mails(order, 'order_paid')).toHaveLength(1);
    expect(eventsOf(order)).toEqual([{ kind: 'order_changed', merchant_id: merchant.id, order_id: order.id }]);
    // The units stay held: they are sold now.
    expect((await productStock(db(), 1)).held).toBeGreaterThanOrEqual(2);
  });

  it('changes nothing twice for a repeated settlement, nor for an expire that arrives after it', async () => {
    const order = await midtransOrder(2, 1);
    const before = await productStock(db(), 2);
    expect((await notify(order, { transaction_status: 'settlement' })).statusCode).toBe(200);
    const paid = await reload(order);
    for (const input of [
      { transaction_status: 'settlement' },
      { transaction_status: 'settlement' },
      { transaction_status: 'expire' },
      { transaction_status: 'cancel' },
    ] as const) {
      expect(await notify(order, input)).toEqual({ statusCode: 200, body: { ok: true } });
    }
    expect(await reload(order)).toEqual(paid);
    expect(await auditActions(order)).toEqual(['order_payment_notification']);
    expect(await mails(order, 'order_paid')).toHaveLength(1);
    expect(await mails(order, 'order_closed')).toHaveLength(0);
    expect(eventsOf(order)).toHaveLength(1);
    expect(await productStock(db(), 2)).toEqual(before);
  });

  it('applies one of several notifications that arrive at the same moment', async () => {
    const order = await midtransOrder(1, 1);
    const answers = await Promise.all([
      notify(order, { transaction_status: 'settlement' }),
      notify(order, { transaction_status: 'settlement' }),
      notify(order, { transaction_status: 'expire' }),
      notify(order, { transaction_status: 'settlement' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const actions = await auditActions(order);
    const after = await reload(order);
    if (actions[0] === 'order_expired') {
      // The expire took the order's lock first (on PostgreSQL the arrival order is the scheduler's): every
      // settlement after it is money for a closed order, flagged for refund once.
      expect(actions).toEqual(['order_expired', 'order_payment_notification']);
      expect(after).toMatchObject({ status: 'kedaluwarsa', perluRefund: true });
      expect(eventsOf(order)).toHaveLength(2);
    } else {
      expect(actions).toEqual(['order_payment_notification']);
      expect(after).toMatchObject({ status: 'menunggu_verifikasi', perluRefund: false });
      expect(eventsOf(order)).toHaveLength(1);
    }
  });

  it('refuses a notification that is not signed with the server key: 403, nothing changed, no audit row', async () => {
    const order = await midtransOrder(1, 1);
    const forged = await notify(order, { transaction_status: 'settlement', signWith: 'SB-Mid-server-SomeoneElse' });
    expect(forged).toEqual({
      statusCode: 403,
      body: { error: { code: 'INVALID_SIGNATURE', message: 'Tanda tangan notifikasi Midtrans tidak valid.' } },
    });

    // A genuine signature does not cover another amount or another status code.
    const genuine = simulator.notification({ order_id: order.kodePesanan, gross_amount: order.total, transaction_status: 'pending' });
    for (const payload of [
      { ...genuine, gross_amount: `${order.total - 1}.00` },
      { ...genuine, status_code: '200', transaction_status: 'settlement' },
      { ...genuine, signature_key: `${genuine.signature_key!.slice(0, -1)}${genuine.signature_key!.endsWith('0') ? '1' : '0'}` },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: NOTIFICATION_URL, payload });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('INVALID_SIGNATURE');
    }
    expect(await reload(order)).toEqual(order);
    expect(await auditActions(order)).toEqual([]);
    expect(eventsOf(order)).toEqual([]);
  });

  it('refuses a signed amount that is not the order total with 400, and changes nothing', async () => {
    const order = await midtransOrder(3, 1);
    for (const gross_amount of [order.total + 1, `${order.total}.50`, 'satu juta']) {
      const response = await notify(order, { transaction_status: 'settlement', gross_amount });
      expect(response).toEqual({
        statusCode: 400,
        body: { error: { code: 'AMOUNT_MISMATCH', message: 'Jumlah pembayaran tidak sama dengan total pesanan.' } },
      });
    }
    // "350000" without decimals is the same amount.
    expect((await notify(order, { transaction_status: 'pending', gross_amount: String(order.total) })).statusCode).toBe(200);
    expect(await reload(order)).toEqual(order);
    expect(await auditActions(order)).toEqual([]);
  });

  it('answers 404 for an unknown order and 409 for an order paid by transfer', async () => {
    const unknown = await simulator.notify(t.app, { order_id: 'ORD-TIDAKADA', gross_amount: 1000, transaction_status: 'settlement' });
    expect(unknown).toEqual({ statusCode: 404, body: { error: { code: 'ORDER_NOT_FOUND', message: 'Pesanan tidak ditemukan' } } });
    const { order } = await insertOrder(db(), { merchantId: merchant.id, items: [{ productId: 1, quantity: 1 }], metode: 'transfer' });
    const transfer = await notify(order, { transaction_status: 'settlement' });
    expect(transfer).toEqual({
      statusCode: 409,
      body: { error: { code: 'ORDER_NOT_MIDTRANS', message: 'Pesanan ini tidak dibayar melalui Midtrans.' } },
    });
    expect((await reload(order)).status).toBe('menunggu_pembayaran');
  });

  it('expires the order on expire and releases its units exactly once, even when sent twice', async () => {
    const before = await productStock(db(), 3);
    const order = await midtransOrder(3, 4);
    expect(await productStock(db(), 3)).toEqual({ ...before, held: before.held + 4, available: before.available - 4 });
    for (let i = 0; i < 2; i++) expect((await notify(order, { transaction_status: 'expire' })).statusCode).toBe(200);
    expect(await reload(order)).toMatchObject({ status: 'kedaluwarsa', midtransStatus: 'expire', perluRefund: false });
    expect(await productStock(db(), 3)).toEqual(before);
    expect(await auditActions(order)).toEqual(['order_expired']);
    expect(await mails(order, 'order_closed')).toHaveLength(1);
    // A late settlement of an expired order does not revive it: the order is flagged for a refund, once.
    for (let i = 0; i < 2; i++) expect((await notify(order, { transaction_status: 'settlement' })).statusCode).toBe(200);
    expect(await reload(order)).toMatchObject({ status: 'kedaluwarsa', perluRefund: true, midtransStatus: 'settlement' });
    expect(await auditActions(order)).toEqual(['order_expired', 'order_payment_notification']);
    expect(await productStock(db(), 3)).toEqual(before);
    await expect.poll(() => eventsOf(order).length).toBe(2);
  });

  it('cancels the order on deny and on cancel, with the reason and units released', async () => {
    const before = await productStock(db(), 2);
    const denied = await midtransOrder(2, 1);
    const cancelled = await midtransOrder(2, 2);
    expect((await notify(denied, { transaction_status: 'deny', fraud_status: 'deny', payment_type: 'credit_card' })).statusCode).toBe(200);
    expect((await notify(cancelled, { transaction_status: 'cancel' })).statusCode).toBe(200);
    expect(await reload(denied)).toMatchObject({
      status: 'dibatalkan',
      cancelReason: 'Pembayaran Midtrans ditolak',
      midtransStatus: 'deny',
    });
    expect(await reload(cancelled)).toMatchObject({
      status: 'dibatalkan',
      cancelReason: 'Pembayaran Midtrans dibatalkan',
      midtransStatus: 'cancel',
    });
    expect(await auditActions(denied)).toEqual(['order_cancelled']);
    expect(await productStock(db(), 2)).toEqual(before);
  });

  it('keeps the order waiting on pending and on a card capture under fraud review, pays it on an accepted capture', async () => {
    const order = await midtransOrder(1, 1);
    expect((await notify(order, { transaction_status: 'pending' })).statusCode).toBe(200);
    expect(
      (await notify(order, { transaction_status: 'capture', fraud_status: 'challenge', payment_type: 'credit_card' })).statusCode,
    ).toBe(200);
    expect(await reload(order)).toEqual(order);
    expect(await auditActions(order)).toEqual([]);
    expect(eventsOf(order)).toEqual([]);
    expect((await notify(order, { transaction_status: 'capture', fraud_status: 'accept', payment_type: 'credit_card' })).statusCode).toBe(
      200,
    );
    expect(await reload(order)).toMatchObject({ status: 'menunggu_verifikasi', midtransStatus: 'capture' });
  });

  it('answers 400 for a body without the signed fields, and takes the many extra fields Midtrans adds', async () => {
    const order = await midtransOrder(1, 1);
    const { signature_key: _omitted, ...unsigned } = simulator.notification({
      order_id: order.kodePesanan,
      gross_amount: order.total,
      transaction_status: 'settlement',
    });
    const missing = await t.app.inject({ method: 'POST', url: NOTIFICATION_URL, payload: unsigned });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('VALIDATION_ERROR');
    const extra = {
      ...simulator.notification({ order_id: order.kodePesanan, gross_amount: order.total, transaction_status: 'pending' }),
      va_numbers: [{ bank: 'bca', va_number: '12345678901' }],
      expiry_time: null,
    };
    expect((await t.app.inject({ method: 'POST', url: NOTIFICATION_URL, payload: extra })).statusCode).toBe(200);
  });
});

describe('the notification route without MIDTRANS_SERVER_KEY', () => {
  const t = testAppPerSuite();
  const simulator = MidtransSimulator.perSuite(SERVER_KEY);

  it('does not exist (404), also over real HTTP', async () => {
    const { order } = await insertOrder(t.database.db, {
      merchantId: (await insertMerchant(t.database.db)).id,
      items: [{ productId: 1, quantity: 1 }],
      metode: 'midtrans',
    });
    const input = { order_id: order.kodePesanan, gross_amount: order.total, transaction_status: 'settlement' } as const;
    const expected = {
      statusCode: 404,
      body: { error: { code: 'MIDTRANS_NOT_CONFIGURED', message: 'Pembayaran Midtrans tidak tersedia.' } },
    };
    expect(await simulator.notify(t.app, input)).toEqual(expected);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    expect(await simulator.notify(address, input)).toEqual(expected);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('menunggu_pembayaran');
  });
});
