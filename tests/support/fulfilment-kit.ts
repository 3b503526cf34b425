import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import type { MerchantStatus } from '../../src/domain/vocabularies.js';
import { seal } from '../../src/server/crypto/sealed.js';
import {
  auditLogs,
  deviceEvents,
  devices,
  orderItems,
  orders,
  outboxMessages,
  products,
  webhookDeliveries,
  webhookEndpoints,
} from '../../src/server/db/schema.js';
import type { MerchantEvent } from '../../src/server/events/event-bus.js';
import { signIn, type SignedIn } from './admin-session.js';
import { testClock } from './auth-test-kit.js';
import { testAppPerSuite, type TestApp } from './build-test-app.js';
import { insertMerchant, insertOrder } from './order-fixtures.js';

/**
 * One app for a fulfilment suite: a signed-in admin, plenty of stock, a webhook endpoint
 * listening to every event, and the calls that carry an order from payment to receipt.
 */
export function fulfilmentSuite(start = '2026-05-04T03:00:00.000Z') {
  const clock = testClock(start);
  const t: TestApp = testAppPerSuite({ now: clock.now }, async (app) => {
    await app.database.db.update(products).set({ stock: 1000 });
    // Written straight to the table: the webhook admin API is another suite's; only the rows matter here.
    const id = randomUUID();
    await app.database.db.insert(webhookEndpoints).values({
      id,
      url: 'http://127.0.0.1:9/webhook',
      events: ['merchant.status_changed', 'order.created', 'order.paid', 'order.shipped', 'order.delivered'],
      secret: seal('rahasia-webhook-uji', 'webhook_endpoints', 'secret', id),
    });
  });
  const session = { admin: undefined as unknown as SignedIn };
  const events: MerchantEvent[] = [];
  beforeAll(async () => {
    session.admin = await signIn(t.app);
    t.app.deps.events.subscribe((event) => events.push(event));
  });
  const db = () => t.database.db;
  const admin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url: `/api/admin${url}`, headers: { cookie: session.admin.cookie }, ...(payload ? { payload } : {}) });

  let serial = 0;
  const kit = {
    clock,
    t,
    session,
    events,
    db,
    admin,
    /** A fresh serial number nobody used in this suite. */
    serial: (prefix = 'SN') => `${prefix}-${String((serial += 1)).padStart(6, '0')}`,
    merchant: (status: MerchantStatus = 'processing', overrides: Parameters<typeof insertMerchant>[1] = {}) =>
      insertMerchant(db(), { status, submittedAt: clock.now(), ...overrides }),
    order: async (merchantId: string, items: { productId: number; quantity: number }[] = [{ productId: 1, quantity: 2 }]) =>
      insertOrder(db(), { merchantId, items, createdAt: clock.now(), kodeUnik: 123 }),
    pay: async (orderId: string) => {
      const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
      return admin('POST', `/orders/${orderId}/payment`, { jumlah: row!.total + (row!.kodeUnik ?? 0), tanggal: '2026-05-04' });
    },
    setStatus: (merchantId: string, status: MerchantStatus, catatan: string | null = null) =>
      admin('POST', `/merchants/${merchantId}/status`, {
        status,
        catatan_admin: catatan,
        ...(status === 'data_tidak_lengkap' ? { perbaikan: [{ field: 'nama_toko', alasan: 'Nama toko tidak sesuai papan nama' }] } : {}),
        // A rejection names at least one final reason code.
        ...(status === 'rejected' ? { kode_alasan: ['usaha_tidak_memenuhi_syarat'] } : {}),
      }),
    /** One serial per ordered unit, in the order's line order. */
    unitsFor: async (orderId: string) => {
      const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.productId);
      return lines.flatMap((line) =>
        Array.from({ length: line.quantity }, () => ({ product_id: line.productId, nomor_seri: kit.serial() })),
      );
    },
    pack: async (orderId: string, units?: { product_id: number; nomor_seri: string }[]) =>
      admin('POST', `/orders/${orderId}/pack`, { units: units ?? (await kit.unitsFor(orderId)) }),
    ship: (orderId: string, body: object = { kurir: 'jne', no_resi: 'JNE0012345678' }) => admin('POST', `/orders/${orderId}/ship`, body),
    delivered: (orderId: string) => admin('POST', `/orders/${orderId}/delivered`),
    row: async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!,
    devicesOf: (orderId: string) => db().select().from(devices).where(eq(devices.orderId, orderId)).orderBy(devices.nomorSeri),
    deviceEventsOf: (deviceId: string) =>
      db().select().from(deviceEvents).where(eq(deviceEvents.deviceId, deviceId)).orderBy(deviceEvents.id),
    auditOf: (orderId: string) =>
      db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.targetTable, 'orders'), eq(auditLogs.targetId, orderId)))
        .orderBy(auditLogs.id),
    mailsOf: (merchantId: string, kind: string) =>
      db()
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.merchantId, merchantId), eq(outboxMessages.kind, kind))),
    /** A verified merchant's orders at every stage: unpaid, paid (ready to pack), packed (with the units it holds) and shipped. */
    ordersAtEveryStage: async () => {
      const merchant = await kit.merchant('verified');
      const unpaid = await kit.order(merchant.id);
      const ready = await kit.order(merchant.id);
      const packed = await kit.order(merchant.id);
      const shipped = await kit.order(merchant.id);
      for (const o of [ready, packed, shipped]) expect((await kit.pay(o.order.id)).statusCode).toBe(200);
      const packedUnits = await kit.unitsFor(packed.order.id);
      expect((await kit.pack(packed.order.id, packedUnits)).statusCode).toBe(200);
      expect((await kit.pack(shipped.order.id)).statusCode).toBe(200);
      expect((await kit.ship(shipped.order.id)).statusCode).toBe(200);
      return { merchant, unpaid, ready, packed, shipped, packedUnits };
    },
    /** The bodies of the webhook deliveries of one type, parsed. */
    webhooks: async (type: string) =>
      (await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.eventType, type)).orderBy(webhookDeliveries.createdAt)).map(
        (row) => JSON.parse(row.body) as { id: string; type: string; created_at: string; data: Record<string, unknown> },
      ),
  };
  return kit;
}
