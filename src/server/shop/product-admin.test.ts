import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedIn } from '../../../tests/support/admin-session.js';
import { testClock } from '../../../tests/support/auth-test-kit.js';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { insertMerchant, insertOrder, productStock } from '../../../tests/support/order-fixtures.js';
import { expectRefusal } from '../../../tests/support/refusals.js';
import { auditLogs, products } from '../db/schema.js';
import { holdUnits } from './stock.js';

const NOW = '2026-03-10T03:00:00.000Z';
const PRODUCT_NOT_FOUND = { code: 'PRODUCT_NOT_FOUND', message: 'Produk tidak ditemukan' };

describe('admin products', () => {
  const clock = testClock(NOW);
  const t = testAppPerSuite({ now: clock.now });
  let admin: SignedIn;
  let merchantId: string;

  beforeAll(async () => {
    admin = await signIn(t.app);
    merchantId = (await insertMerchant(t.database.db)).id;
  });

  const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/admin${url}`, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
  const auditOf = (id: number) =>
    t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetTable, 'products'), eq(auditLogs.targetId, String(id))));

  it('lists every product by id with stock, units held and what is left', async () => {
    await insertOrder(t.database.db, { merchantId, items: [{ productId: 2, quantity: 4 }] });
    const response = await call('GET', '/products');
    expect(response.statusCode).toBe(200);
    const list = response.json().products;
    expect(list.map((p: { id: number; sku: string }) => [p.id, p.sku])).toEqual([
      [1, 'SBX-STD'],
      [2, 'D210-UP'],
      [3, 'A920-PRO2'],
    ]);
    expect(list[1]).toMatchObject({
      name: 'D210 UnionPay',
      price: 2_500_000,
      badge: 'Premium',
      stock: 20,
      held: 4,
      stock_available: 16,
      active: true,
    });
    expect(list[1].features).toContain('Mendukung kartu UnionPay');
  });

  it('updates price, stock and active, audited with the old and new values of what changed', async () => {
    const response = await call('PUT', '/products/1', { price: 375_000, stock: 60, active: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: 1,
      price: 375_000,
      stock: 60,
      held: 0,
      stock_available: 60,
      active: true,
      updated_at: NOW,
    });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, 1));
    expect(row).toMatchObject({ price: 375_000, stock: 60, active: true });
    const audit = await auditOf(1);
    expect(audit.map((r) => [r.action, r.actorId, r.diff])).toEqual([
      ['product_update', admin.userId, { sku: 'SBX-STD', old: { price: 350_000, stock: 50 }, new: { price: 375_000, stock: 60 } }],
    ]);

    // The same values again change nothing worth a row.
    expect((await call('PUT', '/products/1', { price: 375_000, stock: 60, active: true })).statusCode).toBe(200);
    expect(await auditOf(1)).toHaveLength(1);
  });

  it('deactivates a product: still listed here, refused when ordered', async () => {
    const response = await call('PUT', '/products/3', { price: 3_000_000, stock: 15, active: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: 3, active: false });
    expect((await auditOf(3)).map((r) => r.diff)).toEqual([{ sku: 'A920-PRO2', old: { active: true }, new: { active: false } }]);
    expect((await call('GET', '/products')).json().products.map((p: { id: number }) => p.id)).toEqual([1, 2, 3]);

    const shortage = await t.database.db.transaction((tx) => holdUnits(tx, [{ productId: 3, quantity: 1 }]));
    expect(shortage).toEqual({ productId: 3, name: 'EDC Android PAX A920 Pro', available: 15 });
    expect(await productStock(t.database.db, 3)).toEqual({ stock: 15, held: 0, available: 15 });

    expect((await call('PUT', '/products/3', { price: 3_000_000, stock: 15, active: true })).statusCode).toBe(200);
    expect(await t.database.db.transaction((tx) => holdUnits(tx, [{ productId: 3, quantity: 1 }]))).toBeNull();
  });

  it('refuses a stock below the units open orders hold with 409, changing nothing', async () => {
    const before = await productStock(t.database.db, 2);
    expect(before.held).toBe(4);
    const refused = await call('PUT', '/products/2', { price: 2_400_000, stock: 3, active: true });
    expectRefusal(refused, 409, { code: 'STOCK_BELOW_HELD', message: 'Stok tidak boleh kurang dari 4 unit yang sedang dipesan.' });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, 2));
    expect(row).toMatchObject({ price: 2_500_000, stock: 20, held: 4 });
    expect(await auditOf(2)).toEqual([]);

    // Exactly the units held is allowed: nothing is left to sell.
    const exact = await call('PUT', '/products/2', { price: 2_500_000, stock: 4, active: true });
    expect(exact.json()).toMatchObject({ stock: 4, held: 4, stock_available: 0 });
  });

  it('answers 404 for an unknown product and 400 for a bad body', async () => {
    const body = { price: 1000, stock: 1, active: true };
    for (const id of ['99', 'abc', '1.5', '99999999999']) expectRefusal(await call('PUT', `/products/${id}`, body), 404, PRODUCT_NOT_FOUND);
    for (const bad of [
      { ...body, price: 0 },
      { ...body, stock: -1 },
      { ...body, stock: 1.5 },
      { ...body, held: 0 },
      { price: 1000, stock: 1 },
    ]) {
      const response = await call('PUT', '/products/1', bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/products' });
    expectRefusal(response, 401, { code: 'UNAUTHENTICATED', message: 'Sesi Anda telah berakhir. Silakan login kembali.' });
  });
});
