import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { MidtransSimulator } from '../../../tests/support/midtrans-simulator.js';
import { insertMerchant, productStock, SHIPPING } from '../../../tests/support/order-fixtures.js';
import { orders, type MerchantRow } from '../db/schema.js';

const SERVER_KEY = 'SB-Mid-server-CheckoutKey-42';

/** Checkout with Midtrans end to end: POST /api/orders asks the Snap simulator, which later notifies the payment. */
describe('checkout paid with Midtrans', () => {
  const simulator = MidtransSimulator.perSuite(SERVER_KEY);
  let merchant: MerchantRow;
  const t = testAppPerSuite(
    () => ({ env: simulator.appEnv() }),
    async ({ database }) => {
      merchant = await insertMerchant(database.db);
    },
  );

  const placeOrder = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        kode_pendaftaran: merchant.kodePendaftaran,
        no_hp: '0812-3456-7890',
        items: [
          { product_id: 1, quantity: 1 },
          { product_id: 3, quantity: 2 },
        ],
        pengiriman: SHIPPING,
        metode_pembayaran: 'midtrans',
      },
    });

  it("answers Snap's redirect_url for the order's code and total, and a settlement from Midtrans pays it", async () => {
    const response = await placeOrder();
    expect(response.statusCode).toBe(201);
    const order = response.json();
    const recorded = simulator.requests.at(-1)!;
    expect(order.pembayaran).toEqual({
      metode: 'midtrans',
      redirect_url: `${simulator.origin}/snap/v4/redirection/${recorded.token}`,
      batas_waktu: expect.any(String),
    });
    expect(recorded.body.transaction_details).toEqual({ order_id: order.kode_pesanan, gross_amount: order.total });
    expect(recorded.body.item_details.map((item) => [item.id, item.price, item.quantity])).toEqual(
      order.items.map((item: { sku: string; price: number; quantity: number }) => [item.sku, item.price, item.quantity]),
    );

    expect(
      await simulator.notify(t.app, { order_id: order.kode_pesanan, gross_amount: order.total, transaction_status: 'settlement' }),
    ).toEqual({ statusCode: 200, body: { ok: true } });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.kodePesanan, order.kode_pesanan));
    expect(row).toMatchObject({ status: 'menunggu_verifikasi', paidAmount: order.total, midtransStatus: 'settlement' });
  });

  it('answers 502 when Snap fails, with no units held', async () => {
    const before = [await productStock(t.database.db, 1), await productStock(t.database.db, 3)];
    const recorded = simulator.requests.length;
    simulator.failNext('error');
    const response = await placeOrder();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: {
        code: 'PAYMENT_UNAVAILABLE',
        message: 'Pembayaran Midtrans sedang tidak tersedia. Silakan pilih transfer bank atau coba lagi.',
      },
    });
    expect(simulator.requests).toHaveLength(recorded);
    expect([await productStock(t.database.db, 1), await productStock(t.database.db, 3)]).toEqual(before);
  });
});
