import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { insertMerchant, insertOrder } from '../../../tests/support/order-fixtures.js';
import { orders } from '../db/schema.js';
import { generateToken, hashToken } from '../shared/tokens.js';

const MINUTE = 60_000;

describe('POST /api/status/lookup: the registration orders', () => {
  const receipt = generateToken();
  const start = new Date('2026-03-01T03:00:00.000Z');
  const ids = { kode: '', other: '', codes: [] as string[] };

  const t = testAppPerSuite({}, async ({ database: { db } }) => {
    const merchant = await insertMerchant(db, { receiptTokenHash: hashToken(receipt), email: 'dewi@example.com', noHp: '+6281311112222' });
    const other = await insertMerchant(db, { email: 'lain@example.com', noHp: '+6281399990000' });
    ids.kode = merchant.kodePendaftaran;
    ids.other = other.kodePendaftaran;
    // 22 orders, one a minute: the newest 20 are listed.
    for (let i = 0; i < 22; i += 1) {
      const { order } = await insertOrder(db, {
        merchantId: merchant.id,
        items: [{ productId: 1, quantity: 1 }],
        createdAt: new Date(start.getTime() + i * MINUTE),
      });
      ids.codes.push(order.kodePesanan);
    }
    await db.update(orders).set({ status: 'menunggu_verifikasi' }).where(eq(orders.kodePesanan, ids.codes[21]!));
    await insertOrder(db, {
      merchantId: other.id,
      items: [{ productId: 3, quantity: 1 }],
      createdAt: new Date(start.getTime() + 60 * MINUTE),
    });
  });

  const lookup = (payload: object) => t.app.inject({ method: 'POST', url: '/api/status/lookup', payload });
  const expectedList = () =>
    ids.codes
      .map((kode, i) => ({
        kode_pesanan: kode,
        status: i === 21 ? 'menunggu_verifikasi' : 'menunggu_pembayaran',
        total: 350_000,
        created_at: new Date(start.getTime() + i * MINUTE).toISOString(),
      }))
      .reverse()
      .slice(0, 20);

  it('lists the newest 20 orders to the browser holding the receipt', async () => {
    const response = await lookup({ kode_pendaftaran: ids.kode.toLowerCase(), receipt_token: receipt });
    expect(response.statusCode).toBe(200);
    expect(response.json().pesanan).toEqual(expectedList());
  });

  it('lists them to the asker who typed the e-mail and phone', async () => {
    const response = await lookup({ email: 'DEWI@example.com', no_hp: '0813-1111-2222' });
    expect(response.statusCode).toBe(200);
    expect(response.json().kode_pendaftaran).toBe(ids.kode);
    expect(response.json().pesanan).toEqual(expectedList());
  });

  it('answers null to a code alone, and an empty list for a registration without orders of its own', async () => {
    expect((await lookup({ kode_pendaftaran: ids.kode })).json().pesanan).toBeNull();
    expect((await lookup({ kode_pendaftaran: ids.kode, receipt_token: generateToken() })).json().pesanan).toBeNull();
    const fresh = await insertMerchant(t.database.db, { receiptTokenHash: hashToken(receipt) });
    expect((await lookup({ kode_pendaftaran: fresh.kodePendaftaran, receipt_token: receipt })).json().pesanan).toEqual([]);
    expect((await lookup({ email: 'lain@example.com', no_hp: '081399990000' })).json().pesanan).toHaveLength(1);
  });
});
