import { eq, sum } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { insertMerchant, productStock } from '../../../tests/support/order-fixtures.js';
import { orderBody, postOrder } from '../../../tests/support/order-requests.js';
import { twoInstancesPerSuite } from '../../../tests/support/two-instances.js';
import { ORDER_MESSAGES, type ProductList } from '../../domain/orders.js';
import type { Db } from '../db/database.js';
import { orderItems, orders } from '../db/schema.js';

/**
 * Decision 0030: 60 buyers of the last 15 units at once get exactly 15 orders and 45 answers of 409, and the
 * product never shows less than 0 available. Product 3 (PAX A920 Pro) is seeded with exactly 15 units.
 */
const BUYERS = 60;
const UNITS = 15;
const A920 = 3;
const ENV = { RATE_LIMIT_ORDERS_PER_HOUR: '100000', LOG_LEVEL: 'silent' };

async function sixtyMerchants(db: Db): Promise<string[]> {
  const codes: string[] = [];
  for (let i = 0; i < BUYERS; i += 1)
    codes.push((await insertMerchant(db, { kodePendaftaran: `AIP-R${String(i).padStart(4, '0')}` })).kodePendaftaran);
  return codes;
}

/**
 * Every buyer at once, one unit each, from an address of its own; `apps` are taken in turn. As each answer
 * arrives the shop's count is read while the others still race: it is never below 0.
 */
async function buyAtOnce(apps: FastifyInstance[], codes: string[]): Promise<LightMyRequestResponse[]> {
  const seen: number[] = [];
  const responses = await Promise.all(
    codes.map(async (kode, i) => {
      const app = apps[i % apps.length]!;
      const response = await postOrder(app, orderBody(kode, [{ product_id: A920, quantity: 1 }]), {
        remoteAddress: `10.28.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      });
      const listed = JSON.parse((await app.inject({ method: 'GET', url: '/api/products' })).body) as ProductList;
      seen.push(listed.products.find((p) => p.id === A920)!.stock_available);
      return response;
    }),
  );
  expect(seen).toHaveLength(BUYERS);
  expect(seen.every((available) => available >= 0 && available <= UNITS)).toBe(true);
  return responses;
}

async function expectExactlySold(db: Db, app: FastifyInstance, responses: LightMyRequestResponse[]): Promise<void> {
  const statuses = responses.map((r) => r.statusCode);
  expect(statuses.filter((s) => s === 201)).toHaveLength(UNITS);
  expect(statuses.filter((s) => s === 409)).toHaveLength(BUYERS - UNITS);
  for (const refused of responses.filter((r) => r.statusCode === 409)) {
    expect(refused.json()).toEqual({
      error: { code: 'OUT_OF_STOCK', message: ORDER_MESSAGES.outOfStock('EDC Android PAX A920 Pro', 0), field: 'items' },
    });
  }
  expect(await productStock(db, A920)).toEqual({ stock: UNITS, held: UNITS, available: 0 });
  const [units] = await db
    .select({ n: sum(orderItems.quantity) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.productId, A920));
  expect(Number(units!.n)).toBe(UNITS);
  const listed = JSON.parse((await app.inject({ method: 'GET', url: '/api/products' })).body) as ProductList;
  expect(listed.products.find((p) => p.id === A920)?.stock_available).toBe(0);
}

describe('the last 15 units, 60 buyers at once', () => {
  const t = testAppPerSuite({ env: ENV });

  it('sells exactly 15 and refuses 45 with 409', async () => {
    expect(await productStock(t.database.db, A920)).toEqual({ stock: UNITS, held: 0, available: UNITS });
    const responses = await buyAtOnce([t.app], await sixtyMerchants(t.database.db));
    await expectExactlySold(t.database.db, t.app, responses);
  }, 120_000);
});

/**
 * Two server instances (two buildApp, two connection pools) on one PostgreSQL database, as a deployment
 * with several instances runs. Always on PostgreSQL (the local server, or DATABASE_URL): PGlite is one process.
 */
describe('the last 15 units, 60 buyers at once through two instances on one PostgreSQL database', () => {
  const instances = twoInstancesPerSuite(() => ENV);

  it('sells exactly 15 and refuses 45 with 409, whichever instance each buyer reaches', async () => {
    const db = instances.databases[0]!.db;
    const responses = await buyAtOnce(instances.apps, await sixtyMerchants(db));
    await expectExactlySold(db, instances.apps[1]!, responses);
  }, 120_000);
});
