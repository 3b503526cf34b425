import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { insertMerchant, SHIPPING } from '../../../tests/support/order-fixtures.js';
import { getOrder, MERCHANT_PHONE, orderBody, placeOrder } from '../../../tests/support/order-requests.js';
import { expectRefusal } from '../../../tests/support/refusals.js';
import { ORDER_MESSAGES, type OrderCreateResponse } from '../../domain/orders.js';
import { orders } from '../db/schema.js';
import { hashToken } from '../shared/tokens.js';

const NOW = new Date('2026-12-01T03:00:00.000Z');
const notFound = { code: 'ORDER_NOT_FOUND', message: ORDER_MESSAGES.orderNotFound };
const RECIPIENT_PHONE = '0857-1234-9876';

describe('GET /api/orders/{kode_pesanan}', () => {
  const t = testAppPerSuite({ now: () => NOW });

  it('answers the order to the holder of its access token, and the same 404 to anyone else', async () => {
    const m = await insertMerchant(t.database.db);
    const order = await placeOrder(t.app, orderBody(m.kodePendaftaran, [{ product_id: 2, quantity: 2 }]));
    const other = await placeOrder(t.app, orderBody(m.kodePendaftaran));

    const good = await getOrder(t.app, order.kode_pesanan, order.akses);
    expect(good.statusCode).toBe(200);
    expect(good.headers['cache-control']).toBe('no-store');
    const { akses: _akses, ...view } = order;
    expect(good.json()).toEqual(view);
    // The code is matched as generated, whatever case the link was typed in.
    expect((await getOrder(t.app, order.kode_pesanan.toLowerCase(), order.akses)).statusCode).toBe(200);

    for (const response of [
      await getOrder(t.app, order.kode_pesanan, null),
      await getOrder(t.app, order.kode_pesanan, other.akses),
      await getOrder(t.app, order.kode_pesanan, `${order.akses.slice(0, -1)}${order.akses.endsWith('A') ? 'B' : 'A'}`),
      await getOrder(t.app, 'ORD-ZZZZZZZZ', order.akses),
      await t.app.inject({ method: 'GET', url: `/api/orders/${order.kode_pesanan}`, headers: { authorization: `Basic ${order.akses}` } }),
      await t.app.inject({ method: 'GET', url: `/api/orders/${order.kode_pesanan}?t=${order.akses}` }),
    ]) {
      expectRefusal(response, 404, notFound);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('POST /api/orders/lookup', () => {
  const t = testAppPerSuite({ now: () => NOW });
  let ip = 0;
  const lookup = (payload: Record<string, unknown>, remoteAddress = `10.3.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`) =>
    t.app.inject({ method: 'POST', url: '/api/orders/lookup', payload, remoteAddress });
  /** An order whose recipient has a phone of their own. */
  const order = async () => {
    const m = await insertMerchant(t.database.db);
    return placeOrder(t.app, orderBody(m.kodePendaftaran, undefined, { pengiriman: { ...SHIPPING, no_hp_penerima: RECIPIENT_PHONE } }));
  };
  const hashesOf = async (kode: string) =>
    (await t.database.db.select({ h: orders.aksesTokenHashes }).from(orders).where(eq(orders.kodePesanan, kode)))[0]!.h;

  it('with the registration’s phone: the order and a new token; the earlier token stays valid', async () => {
    const placed = await order();
    const response = await lookup({ kode_pesanan: placed.kode_pesanan, no_hp: '+62 812 3456 7890' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const found = response.json() as OrderCreateResponse;
    const { akses: _first, ...view } = placed;
    const { akses, ...foundView } = found;
    expect(foundView).toEqual(view);
    expect(akses).not.toBe(placed.akses);
    expect(await hashesOf(placed.kode_pesanan)).toEqual([hashToken(placed.akses), hashToken(akses)]);
    for (const token of [placed.akses, akses]) expect((await getOrder(t.app, placed.kode_pesanan, token)).statusCode).toBe(200);
  });

  it('with the recipient’s phone, and a code typed in lower case', async () => {
    const placed = await order();
    const response = await lookup({ kode_pesanan: placed.kode_pesanan.toLowerCase(), no_hp: RECIPIENT_PHONE });
    expect(response.statusCode).toBe(200);
    expect((response.json() as OrderCreateResponse).pengiriman.no_hp_penerima).toBe('+6285712349876');
  });

  it('an unknown code or another phone: the same 404, and no token is added', async () => {
    const placed = await order();
    expectRefusal(await lookup({ kode_pesanan: placed.kode_pesanan, no_hp: '0813-1111-2222' }), 404, notFound);
    expectRefusal(await lookup({ kode_pesanan: 'ORD-ZZZZZZZZ', no_hp: MERCHANT_PHONE }), 404, notFound);
    expect(await hashesOf(placed.kode_pesanan)).toEqual([hashToken(placed.akses)]);
    expectRefusal(await lookup({ kode_pesanan: placed.kode_pesanan, no_hp: 'bukan nomor' }), 400, {
      code: 'VALIDATION_ERROR',
      message: ORDER_MESSAGES.phone,
      field: 'no_hp',
    });
  });

  it('keeps the newest 20 tokens: the oldest stop opening the order', async () => {
    const placed = await order();
    const tokens = [placed.akses];
    for (let i = 0; i < 21; i += 1)
      tokens.push(((await lookup({ kode_pesanan: placed.kode_pesanan, no_hp: MERCHANT_PHONE })).json() as OrderCreateResponse).akses);
    expect(await hashesOf(placed.kode_pesanan)).toEqual(tokens.slice(-20).map(hashToken));
    expectRefusal(await getOrder(t.app, placed.kode_pesanan, tokens[0]!), 404, notFound);
    expectRefusal(await getOrder(t.app, placed.kode_pesanan, tokens[1]!), 404, notFound);
    expect((await getOrder(t.app, placed.kode_pesanan, tokens[2]!)).statusCode).toBe(200);
    expect((await getOrder(t.app, placed.kode_pesanan, tokens.at(-1)!)).statusCode).toBe(200);
  });

  it('is limited per IP like the status lookup (RATE_LIMIT_LOOKUPS_PER_MINUTE)', async () => {
    const placed = await order();
    for (let i = 0; i < t.config.RATE_LIMIT_LOOKUPS_PER_MINUTE; i += 1) {
      expect((await lookup({ kode_pesanan: 'ORD-ZZZZZZZZ', no_hp: MERCHANT_PHONE }, '10.3.99.1')).statusCode).toBe(404);
    }
    expectRefusal(await lookup({ kode_pesanan: placed.kode_pesanan, no_hp: MERCHANT_PHONE }, '10.3.99.1'), 429, {
      code: 'RATE_LIMITED',
      message: 'Terlalu banyak permintaan. Silakan coba lagi nanti.',
    });
    expect((await lookup({ kode_pesanan: placed.kode_pesanan, no_hp: MERCHANT_PHONE })).statusCode).toBe(200);
  });
});
