import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, MINUTE, testClock } from '../../../tests/support/auth-test-kit.js';
import { buildTestApp, type TestApp } from '../../../tests/support/build-test-app.js';
import { insertMerchant, insertOrder, productStock } from '../../../tests/support/order-fixtures.js';
import { auditLogs, orders, outboxMessages, products } from '../db/schema.js';
import type { MerchantEvent } from '../events/event-bus.js';
import { expireDueOrders } from './order-expiry.js';
import { markPaidLocked, withLockedOrder } from './order-transitions.js';

const PAYMENT_MINUTES = 1440;

describe('the payment deadline', () => {
  const clock = testClock('2026-03-10T03:00:00.000Z');
  let t: TestApp;
  let merchantId: string;
  const deps = () => ({ db: t.database.db, config: t.config, now: clock.now });
  const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const newOrder = (items: { productId: number; quantity: number }[]) =>
    insertOrder(t.database.db, {
      merchantId,
      items,
      createdAt: clock.now(),
      batasWaktu: new Date(clock.now().getTime() + PAYMENT_MINUTES * MINUTE),
    });

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
    merchantId = (await insertMerchant(t.database.db)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('leaves an unpaid order alone before its deadline and expires it after, releasing its units', async () => {
    const before = await productStock(t.database.db, 2);
    const { order } = await newOrder([{ productId: 2, quantity: 3 }]);
    expect((await productStock(t.database.db, 2)).held).toBe(before.held + 3);

    clock.advance(PAYMENT_MINUTES * MINUTE - 1000);
    expect(await expireDueOrders(deps())).toEqual([]);
    expect((await orderRow(order.id)).status).toBe('menunggu_pembayaran');

    clock.advance(1000);
    expect(await expireDueOrders(deps())).toEqual([{ id: order.id, merchantId }]);
    const expired = await orderRow(order.id);
    expect(expired).toMatchObject({ status: 'kedaluwarsa', expiredAt: clock.now(), perluRefund: false, cancelledAt: null });
    expect(await productStock(t.database.db, 2)).toEqual(before);

    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetTable, 'orders'), eq(auditLogs.targetId, order.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'order_expired',
      actorId: null,
      diff: expect.objectContaining({ kode_pesanan: order.kodePesanan, from: 'menunggu_pembayaran', to: 'kedaluwarsa' }),
    });
    const mails = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.merchantId, merchantId), eq(outboxMessages.kind, 'order_closed')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.state).toBe('pending');

    // A second pass finds nothing left to do.
    expect(await expireDueOrders(deps())).toEqual([]);
    expect(await productStock(t.database.db, 2)).toEqual(before);
    expect(await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, order.id))).toHaveLength(1);
  });

  it('never expires a paid order', async () => {
    const { order } = await newOrder([{ productId: 1, quantity: 2 }]);
    await withLockedOrder(deps(), order.id, (tx, locked) =>
      markPaidLocked(tx, deps(), locked, {
        amount: order.total + 123,
        paidAt: clock.now(),
        note: null,
        actor: { id: null },
        action: 'order_payment_confirmed',
      }),
    );
    const held = (await productStock(t.database.db, 1)).held;
    clock.advance(PAYMENT_MINUTES * MINUTE + HOUR);
    expect(await expireDueOrders(deps())).toEqual([]);
    expect((await orderRow(order.id)).status).toBe('menunggu_verifikasi');
    expect((await productStock(t.database.db, 1)).held).toBe(held);
  });

  it('expires more orders than one batch holds, each once', async () => {
    await t.database.db.update(products).set({ stock: 1000 }).where(eq(products.id, 1));
    const ids: string[] = [];
    for (let i = 0; i < 105; i += 1) ids.push((await newOrder([{ productId: 1, quantity: 1 }])).order.id);
    const held = (await productStock(t.database.db, 1)).held;
    clock.advance(PAYMENT_MINUTES * MINUTE);
    const expired = await expireDueOrders(deps());
    expect(expired).toHaveLength(105);
    expect(new Set(expired.map((order) => order.id))).toEqual(new Set(ids));
    expect((await productStock(t.database.db, 1)).held).toBe(held - 105);
  });
});

describe('the deadline job of a running app', () => {
  const clock = testClock('2026-03-10T03:00:00.000Z');
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  it('expires a due order by itself and announces it to the admin screens', async () => {
    t = await buildTestApp({ now: clock.now, env: { ORDER_EXPIRY_INTERVAL_MS: '50' } });
    const events: MerchantEvent[] = [];
    t.app.deps.events.subscribe((event) => events.push(event));
    const merchantId = (await insertMerchant(t.database.db)).id;
    const { order } = await insertOrder(t.database.db, {
      merchantId,
      items: [{ productId: 3, quantity: 1 }],
      createdAt: clock.now(),
      batasWaktu: new Date(clock.now().getTime() + HOUR),
    });

    clock.advance(HOUR);
    await expect
      .poll(async () => (await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)))[0]!.status)
      .toBe('kedaluwarsa');
    expect((await productStock(t.database.db, 3)).held).toBe(0);
    await expect.poll(() => events).toContainEqual({ kind: 'order_changed', merchant_id: merchantId, order_id: order.id });
  });
});
