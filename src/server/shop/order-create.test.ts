import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/support/build-test-app.js';
import { insertMerchant, insertOrder, productStock } from '../../../tests/support/order-fixtures.js';
import { getOrder, MERCHANT_PHONE, orderBody, placeOrder, postOrder, shopFootprint } from '../../../tests/support/order-requests.js';
import { expectRefusal } from '../../../tests/support/refusals.js';
import { GENEROUS_LIMITS, registerMerchant } from '../../../tests/support/registration-fixtures.js';
import { ORDER_CODE_PATTERN, ORDER_MESSAGES, type OrderCreateResponse } from '../../domain/orders.js';
import { SUBMISSION_MESSAGES } from '../../domain/registration.js';
import { publicBaseUrl } from '../config.js';
import { auditLogs, orders, outboxMessages, products } from '../db/schema.js';
import type { MerchantEvent } from '../events/event-bus.js';
import { messageText } from '../mail/outbox.js';
import { hashToken } from '../shared/tokens.js';
import { createOrder } from './order-service.js';

const NOW = new Date('2026-12-01T03:00:00.000Z');
const A920 = 'EDC Android PAX A920 Pro';

describe('POST /api/orders', () => {
  let t: TestApp;
  const events: MerchantEvent[] = [];
  let codes = 0;
  /** A merchant of its own per test: open-order counts never leak from one test into the next. */
  const merchant = (overrides: Parameters<typeof insertMerchant>[1] = {}) =>
    insertMerchant(t.database.db, { kodePendaftaran: `AIP-C${String((codes += 1)).padStart(4, '0')}`, ...overrides });

  beforeAll(async () => {
    t = await buildTestApp({ now: () => NOW, env: { ...GENEROUS_LIMITS, RATE_LIMIT_ORDERS_PER_HOUR: '100000' } });
    t.app.deps.events.subscribe((event) => events.push(event));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a transfer order: server prices, held units, audit row, receipt mail and an event', async () => {
    const m = await merchant();
    const before = { soundbox: await productStock(t.database.db, 1), a920: await productStock(t.database.db, 3) };
    const key = randomUUID();
    const response = await postOrder(
      t.app,
      orderBody(m.kodePendaftaran.toLowerCase(), [
        { product_id: 3, quantity: 1 },
        { product_id: 1, quantity: 2 },
      ]),
      { key, remoteAddress: '10.1.0.1' },
    );

    expect(response.statusCode).toBe(201);
    const body = response.json() as OrderCreateResponse;
    expect(body.kode_pesanan).toMatch(ORDER_CODE_PATTERN);
    expect(body.akses).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({
      kode_pendaftaran: m.kodePendaftaran,
      nama_toko: 'Warung Sejahtera',
      status: 'menunggu_pembayaran',
      items: [
        { product_id: 1, sku: 'SBX-STD', name: 'Soundbox', price: 350_000, quantity: 2, line_total: 700_000 },
        { product_id: 3, sku: 'A920-PRO2', name: A920, price: 3_000_000, quantity: 1, line_total: 3_000_000 },
      ],
      subtotal: 3_700_000,
      ongkir: 0,
      total: 3_700_000,
      pengiriman: { nama_penerima: 'Siti Rahayu', no_hp_penerima: '+6281234567890', kode_pos: '12810' },
      created_at: NOW.toISOString(),
      paid_at: null,
      invoice_number: null,
    });
    const payment = body.pembayaran;
    if (payment.metode !== 'transfer') throw new Error('expected a transfer');
    expect(payment.kode_unik).toBeGreaterThanOrEqual(1);
    expect(payment.kode_unik).toBeLessThanOrEqual(999);
    expect(payment.jumlah).toBe(3_700_000 + payment.kode_unik);
    expect(payment.rekening).toEqual({ bank: 'BCA', nomor: '1234567890', atas_nama: 'PT AIPOS Indonesia' });
    expect(payment.batas_waktu).toBe(new Date(NOW.getTime() + 1440 * 60_000).toISOString());

    const [row] = await t.database.db.select().from(orders).where(eq(orders.kodePesanan, body.kode_pesanan));
    expect(row).toMatchObject({
      merchantId: m.id,
      idempotencyKey: key,
      ip: '10.1.0.1',
      aksesTokenHashes: [hashToken(body.akses)],
      kodeUnik: payment.kode_unik,
      metodePembayaran: 'transfer',
    });
    expect(await productStock(t.database.db, 1)).toEqual({
      ...before.soundbox,
      held: before.soundbox.held + 2,
      available: before.soundbox.available - 2,
    });
    expect(await productStock(t.database.db, 3)).toEqual({
      ...before.a920,
      held: before.a920.held + 1,
      available: before.a920.available - 1,
    });

    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetTable, 'orders'), eq(auditLogs.targetId, row!.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: null,
      action: 'order_create',
      ip: '10.1.0.1',
      diff: {
        kode_pesanan: body.kode_pesanan,
        kode_pendaftaran: m.kodePendaftaran,
        items: [
          { product_id: 1, sku: 'SBX-STD', price: 350_000, quantity: 2 },
          { product_id: 3, sku: 'A920-PRO2', price: 3_000_000, quantity: 1 },
        ],
        total: 3_700_000,
        metode: 'transfer',
      },
    });

    const [mail] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.merchantId, m.id));
    expect(mail).toMatchObject({
      kind: 'order_receipt',
      toAddress: 'siti.rahayu@example.com',
      subject: `Pesanan ${body.kode_pesanan} diterima: menunggu pembayaran`,
    });
    expect(messageText(mail!)).toContain(`${publicBaseUrl(t.config)}/pesanan/${body.kode_pesanan}?t=${body.akses}`);
    expect(messageText(mail!)).toContain('Transfer tepat Rp');
    expect(events).toContainEqual({ kind: 'order_changed', merchant_id: m.id, order_id: row!.id });

    const page = await getOrder(t.app, body.kode_pesanan, body.akses);
    expect(page.statusCode).toBe(200);
    const { akses: _akses, ...publicView } = body;
    expect(page.json()).toEqual(publicView);
  });

  it('takes an order from a real public registration with its phone as the applicant typed it', async () => {
    const registered = await registerMerchant(t.app);
    const order = await placeOrder(
      t.app,
      orderBody(registered.kode_pendaftaran, [{ product_id: 2, quantity: 1 }], { no_hp: '+62 812 3456 7890' }),
    );
    expect(order).toMatchObject({ kode_pendaftaran: registered.kode_pendaftaran, total: 2_500_000, status: 'menunggu_pembayaran' });
  });

  it('answers the same Idempotency-Key with the same order and a second token; both tokens open it', async () => {
    const m = await merchant();
    const key = randomUUID();
    const first = await postOrder(t.app, orderBody(m.kodePendaftaran), { key });
    expect(first.statusCode).toBe(201);
    const footprint = await shopFootprint(t.database.db);

    // A different cart under the same key is still the first order: nothing new is held.
    const again = await postOrder(t.app, orderBody(m.kodePendaftaran, [{ product_id: 2, quantity: 3 }]), { key });
    expect(again.statusCode).toBe(200);
    const [a, b] = [first.json() as OrderCreateResponse, again.json() as OrderCreateResponse];
    expect(b.kode_pesanan).toBe(a.kode_pesanan);
    expect(b.items).toEqual(a.items);
    expect(b.pembayaran).toEqual(a.pembayaran);
    expect(b.akses).not.toBe(a.akses);
    expect(await shopFootprint(t.database.db)).toEqual(footprint);
    for (const akses of [a.akses, b.akses]) expect((await getOrder(t.app, a.kode_pesanan, akses)).statusCode).toBe(200);
    const [row] = await t.database.db.select({ hashes: orders.aksesTokenHashes }).from(orders).where(eq(orders.idempotencyKey, key));
    expect(row!.hashes).toEqual([hashToken(a.akses), hashToken(b.akses)]);
  });

  it('refuses a used Idempotency-Key for another registration (409) or with a phone that is not the registration’s (404)', async () => {
    const [m, other] = [await merchant(), await merchant()];
    const key = randomUUID();
    await placeOrder(t.app, orderBody(m.kodePendaftaran), { key });
    const footprint = await shopFootprint(t.database.db);
    expectRefusal(await postOrder(t.app, orderBody(other.kodePendaftaran), { key }), 409, {
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: ORDER_MESSAGES.idempotencyKeyReused,
    });
    expectRefusal(await postOrder(t.app, orderBody(m.kodePendaftaran, undefined, { no_hp: '0813-0000-0000' }), { key }), 404, {
      code: 'REGISTRATION_NOT_FOUND',
      message: ORDER_MESSAGES.registrationNotFound,
    });
    expect(await shopFootprint(t.database.db)).toEqual(footprint);
  });

  it('makes one order of concurrent requests with one key', async () => {
    const m = await merchant();
    const key = randomUUID();
    const before = await productStock(t.database.db, 1);
    const responses = await Promise.all(Array.from({ length: 5 }, () => postOrder(t.app, orderBody(m.kodePendaftaran), { key })));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => (r.json() as OrderCreateResponse).kode_pesanan)).size).toBe(1);
    expect(await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
    expect((await productStock(t.database.db, 1)).held).toBe(before.held + 1);
  });

  describe('refusals: the exact answer, and nothing held or written', () => {
    const refused = async (
      body: unknown,
      status: number,
      error: { code: string; message: string; field?: string },
      key?: string | null,
    ) => {
      const footprint = await shopFootprint(t.database.db);
      expectRefusal(await postOrder(t.app, body, { key }), status, error);
      expect(await shopFootprint(t.database.db)).toEqual(footprint);
    };
    const notFound = { code: 'REGISTRATION_NOT_FOUND', message: ORDER_MESSAGES.registrationNotFound };
    const cannotOrder = { code: 'REGISTRATION_CANNOT_ORDER', message: ORDER_MESSAGES.registrationCannotOrder };

    it('without a valid Idempotency-Key: 400', async () => {
      const m = await merchant();
      const invalid = { code: 'IDEMPOTENCY_KEY_INVALID', message: SUBMISSION_MESSAGES.idempotencyKey };
      await refused(orderBody(m.kodePendaftaran), 400, invalid, null);
      await refused(orderBody(m.kodePendaftaran), 400, invalid, 'kurang');
      // Checked before the body: a bad body without a key is still the key's refusal.
      await refused({}, 400, invalid, null);
    });

    it('an unknown code or a phone that is not the registration’s: the same 404', async () => {
      const m = await merchant();
      await refused(orderBody('AIP-ZZZZZ'), 404, notFound);
      await refused(orderBody(m.kodePendaftaran, undefined, { no_hp: '0813-1111-2222' }), 404, notFound);
    });

    it('a rejected, deleted or purged registration: 409, but only to the holder of its phone', async () => {
      const rejected = await merchant({ status: 'rejected' });
      await refused(orderBody(rejected.kodePendaftaran), 409, cannotOrder);
      await refused(orderBody(rejected.kodePendaftaran, undefined, { no_hp: '0813-1111-2222' }), 404, notFound);
      await refused(orderBody((await merchant({ isDeleted: true })).kodePendaftaran), 409, cannotOrder);
      await refused(orderBody((await merchant({ purgedAt: NOW })).kodePendaftaran), 409, cannotOrder);
    });

    it('an empty cart, an unknown or inactive product, a quantity outside 1-100: 400', async () => {
      const { kodePendaftaran: kode } = await merchant();
      await refused(orderBody(kode, []), 400, { code: 'VALIDATION_ERROR', message: 'Keranjang belanja kosong', field: 'items' });
      await refused(orderBody(kode, [{ product_id: 99, quantity: 1 }]), 400, {
        code: 'PRODUCT_UNKNOWN',
        message: ORDER_MESSAGES.productUnknown,
        field: 'items',
      });
      for (const quantity of [0, 101, 1.5, -1]) {
        await refused(orderBody(kode, [{ product_id: 1, quantity }]), 400, {
          code: 'VALIDATION_ERROR',
          message: ORDER_MESSAGES.quantity,
          field: 'items.0.quantity',
        });
      }
      await refused(orderBody(kode, [{ product_id: 1, quantity: '2' }] as never), 400, {
        code: 'VALIDATION_ERROR',
        message: ORDER_MESSAGES.quantity,
        field: 'items.0.quantity',
      });
      await t.database.db.update(products).set({ active: false }).where(eq(products.id, 2));
      try {
        await refused(
          orderBody(kode, [
            { product_id: 1, quantity: 1 },
            { product_id: 2, quantity: 1 },
          ]),
          400,
          { code: 'PRODUCT_UNKNOWN', message: ORDER_MESSAGES.productUnknown, field: 'items' },
        );
      } finally {
        await t.database.db.update(products).set({ active: true }).where(eq(products.id, 2));
      }
    });

    it('more than is available: 409 with what is left, and the lines that fitted are not held either', async () => {
      const { kodePendaftaran: kode } = await merchant();
      const left = (await productStock(t.database.db, 3)).available;
      // Soundbox (line 1) fits and is held first; the A920 line does not: the whole order rolls back.
      await refused(
        orderBody(kode, [
          { product_id: 1, quantity: 1 },
          { product_id: 3, quantity: left + 1 },
        ]),
        409,
        {
          code: 'OUT_OF_STOCK',
          message: ORDER_MESSAGES.outOfStock(A920, left),
          field: 'items',
        },
      );
      expect(ORDER_MESSAGES.outOfStock(A920, left)).toBe(`Stok EDC Android PAX A920 Pro tidak mencukupi (tersisa ${left}).`);
    });

    it('a sixth open unpaid order of one registration: 429; a paid one does not count', async () => {
      const m = await merchant();
      const open = [];
      for (let i = 0; i < 5; i += 1)
        open.push(await insertOrder(t.database.db, { merchantId: m.id, items: [{ productId: 1, quantity: 1 }] }));
      await refused(orderBody(m.kodePendaftaran), 429, { code: 'TOO_MANY_OPEN_ORDERS', message: ORDER_MESSAGES.tooManyOpenOrders });
      await t.database.db.update(orders).set({ status: 'menunggu_verifikasi' }).where(eq(orders.id, open[0]!.order.id));
      expect((await postOrder(t.app, orderBody(m.kodePendaftaran))).statusCode).toBe(201);
    });

    it('Midtrans while no server key is set: 400', async () => {
      const m = await merchant();
      await refused(orderBody(m.kodePendaftaran, undefined, { metode_pembayaran: 'midtrans' }), 400, {
        code: 'MIDTRANS_NOT_CONFIGURED',
        message: ORDER_MESSAGES.midtransNotConfigured,
        field: 'metode_pembayaran',
      });
    });

    it('a shipping block that does not pass the contract: 400 with its field', async () => {
      const m = await merchant();
      const body = orderBody(m.kodePendaftaran);
      await refused({ ...body, pengiriman: { ...(body.pengiriman as object), kode_pos: '12A' } }, 400, {
        code: 'VALIDATION_ERROR',
        message: ORDER_MESSAGES.postalCode,
        field: 'pengiriman.kode_pos',
      });
      await refused({ ...body, no_hp: '12345' }, 400, { code: 'VALIDATION_ERROR', message: ORDER_MESSAGES.phone, field: 'no_hp' });
    });
  });

  it('takes another code when the generated one is already used', async () => {
    const m = await merchant();
    const taken = await placeOrder(t.app, orderBody(m.kodePendaftaran));
    const candidates = [taken.kode_pesanan, 'ORD-CLASH002'];
    const result = await createOrder(
      {
        db: t.database.db,
        config: t.config,
        now: () => NOW,
        announce: () => {},
        log: { warn: () => {} },
        generateCode: () => candidates.shift()!,
      },
      { input: orderBody(m.kodePendaftaran) as never, idempotencyKey: randomUUID(), ip: null, userAgent: null },
    );
    expect(result).toMatchObject({ created: true, order: { kode_pesanan: 'ORD-CLASH002' } });
    expect(candidates).toEqual([]);
  });

  it('limits orders per client IP (RATE_LIMIT_ORDERS_PER_HOUR)', async () => {
    const limited = await buildTestApp({ now: () => NOW, env: { RATE_LIMIT_ORDERS_PER_HOUR: '2' } });
    try {
      const m = await insertMerchant(limited.database.db);
      for (let i = 0; i < 2; i += 1)
        expect((await postOrder(limited.app, orderBody(m.kodePendaftaran), { remoteAddress: '10.9.0.1' })).statusCode).toBe(201);
      const footprint = await shopFootprint(limited.database.db);
      expectRefusal(await postOrder(limited.app, orderBody(m.kodePendaftaran), { remoteAddress: '10.9.0.1' }), 429, {
        code: 'RATE_LIMITED',
        message: 'Terlalu banyak permintaan. Silakan coba lagi nanti.',
      });
      expect(await shopFootprint(limited.database.db)).toEqual(footprint);
      expect((await postOrder(limited.app, orderBody(m.kodePendaftaran), { remoteAddress: '10.9.0.2' })).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('phone of the request is compared after normalising', async () => {
    const m = await merchant();
    for (const typed of ['081234567890', '6281234567890', '+62 812-3456-7890', MERCHANT_PHONE]) {
      expect((await postOrder(t.app, orderBody(m.kodePendaftaran, undefined, { no_hp: typed }))).statusCode).toBe(201);
    }
  });
});
