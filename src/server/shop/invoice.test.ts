import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testClock } from '../../../tests/support/auth-test-kit.js';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { insertMerchant, insertOrder } from '../../../tests/support/order-fixtures.js';
import { pdfText } from '../../../tests/support/pdf-text.js';
import { orders, type OrderRow } from '../db/schema.js';
import { markPaidLocked, withLockedOrder } from './order-transitions.js';

describe('GET /api/orders/{kode_pesanan}/invoice', () => {
  const clock = testClock('2026-03-10T03:00:00.000Z');
  const t = testAppPerSuite({ now: clock.now });
  const deps = () => ({ db: t.database.db, config: t.config, now: clock.now });

  const invoice = (kode: string, akses?: string) =>
    t.app.inject({ method: 'GET', url: `/api/orders/${kode}/invoice`, headers: akses ? { authorization: `Bearer ${akses}` } : {} });
  const pay = (order: OrderRow, paidAt: Date) =>
    withLockedOrder(deps(), order.id, (tx, locked) =>
      markPaidLocked(tx, deps(), locked, {
        amount: order.total + (order.kodeUnik ?? 0),
        paidAt,
        note: null,
        actor: { id: null },
        action: 'order_payment_confirmed',
      }),
    );
  const newOrder = async (namaToko = 'Warung Sejahtera') => {
    const merchant = await insertMerchant(t.database.db, { namaToko });
    const inserted = await insertOrder(t.database.db, {
      merchantId: merchant.id,
      items: [
        { productId: 3, quantity: 1 },
        { productId: 1, quantity: 2 },
      ],
      createdAt: clock.now(),
    });
    return { ...inserted, merchant };
  };

  it('answers 404 without the order access token, whatever is wrong', async () => {
    const { order, akses } = await newOrder();
    const notFound = { error: { code: 'ORDER_NOT_FOUND', message: 'Pesanan tidak ditemukan' } };
    for (const response of [
      await invoice(order.kodePesanan),
      await invoice(order.kodePesanan, `${akses.slice(0, -2)}xx`),
      await invoice('ORD-ZZZZZZZZ', akses),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
  });

  it('answers 409 while the order is unpaid', async () => {
    const { order, akses } = await newOrder();
    const response = await invoice(order.kodePesanan, akses);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: { code: 'INVOICE_NOT_READY', message: 'Invoice tersedia setelah pesanan dibayar.' } });
  });

  it('answers the PDF of a paid order, with its number, parties, lines, total and the tax note', async () => {
    const { order, akses, merchant } = await newOrder();
    await pay(order, new Date('2026-03-10T04:15:00.000Z'));
    const response = await invoice(order.kodePesanan.toLowerCase(), akses);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="invoice-${order.kodePesanan}.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(response.rawPayload);
    const [stored] = await t.database.db.select({ invoiceNumber: orders.invoiceNumber }).from(orders).where(eq(orders.id, order.id));
    expect(stored!.invoiceNumber).toBe('INV/2026/03/00001');
    for (const expected of [
      'INVOICE',
      'INV/2026/03/00001',
      `Kode Pesanan: ${order.kodePesanan}`,
      'PT AIPOS Indonesia',
      'Jakarta, Indonesia',
      'Warung Sejahtera',
      `Kode Pendaftaran: ${merchant.kodePendaftaran}`,
      'Jl. Melati No. 12, RT 03/RW 05',
      'DKI Jakarta 12810',
      'EDC Android PAX A920 Pro',
      'A920-PRO2',
      'SBX-STD',
      'Rp 700.000',
      'Ongkos kirim',
      'Gratis',
      'Rp 3.700.000',
      'Tanggal pembayaran: 10 Maret 2026, 11.15 WIB',
      'Jumlah diterima: Rp 3.700.123',
      'Harga sudah termasuk PPN',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('numbers invoices without gaps per WIB month', async () => {
    const second = await newOrder();
    const third = await newOrder();
    // 31 March 17:30 UTC is already 1 April in Jakarta.
    await pay(second.order, new Date('2026-03-20T02:00:00.000Z'));
    await pay(third.order, new Date('2026-03-31T17:30:00.000Z'));
    const fourth = await newOrder();
    await pay(fourth.order, new Date('2026-03-25T02:00:00.000Z'));
    const numbers = await Promise.all(
      [second, third, fourth].map(
        async ({ order }) => (await t.database.db.select({ n: orders.invoiceNumber }).from(orders).where(eq(orders.id, order.id)))[0]!.n,
      ),
    );
    expect(numbers).toEqual(['INV/2026/03/00002', 'INV/2026/04/00001', 'INV/2026/03/00003']);
    expect(await pdfText((await invoice(fourth.order.kodePesanan, fourth.akses)).rawPayload)).toContain('INV/2026/03/00003');
  });

  it('draws a store name the standard font cannot encode', async () => {
    const { order, akses } = await newOrder('Kafé 日本 → Sejahtera');
    await pay(order, clock.now());
    const response = await invoice(order.kodePesanan, akses);
    expect(response.statusCode).toBe(200);
    expect(await pdfText(response.rawPayload)).toContain('Kafé ?? ? Sejahtera');
  });
});
