import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { OrderCreateResponse } from '../../src/domain/orders.js';
// The app's declaration of `app.deps` (a type-only import: nothing of the app runs here).
import type {} from '../../src/server/app-deps.js';
import type { Db } from '../../src/server/db/database.js';
import { auditLogs, orderItems, orders, outboxMessages, products } from '../../src/server/db/schema.js';
import { SHIPPING } from './order-fixtures.js';

/** The phone insertMerchant and registerMerchant store (+6281234567890), as a buyer types it. */
export const MERCHANT_PHONE = '0812-3456-7890';

export type OrderLine = { product_id: number; quantity: number };

/** A valid body for POST /api/orders, as checkout sends it; `overrides` replace top-level fields. */
export function orderBody(
  kodePendaftaran: string,
  items: OrderLine[] = [{ product_id: 1, quantity: 1 }],
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    kode_pendaftaran: kodePendaftaran,
    no_hp: MERCHANT_PHONE,
    items,
    pengiriman: { ...SHIPPING },
    metode_pembayaran: 'transfer',
    ...overrides,
  };
}

export type PostOrderOptions = { key?: string | null; remoteAddress?: string };

/** POST /api/orders with a fresh Idempotency-Key unless one is given (null: none at all). */
export function postOrder(app: FastifyInstance, body: unknown, options: PostOrderOptions = {}): Promise<LightMyRequestResponse> {
  const key = options.key === undefined ? randomUUID() : options.key;
  return app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: body as Record<string, unknown>,
    headers: key === null ? {} : { 'idempotency-key': key },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** Places an order and returns its answer; throws with the server's answer when it is not a 201. */
export async function placeOrder(app: FastifyInstance, body: unknown, options: PostOrderOptions = {}): Promise<OrderCreateResponse> {
  const response = await postOrder(app, body, options);
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.statusCode} ${response.body}`);
  return response.json() as OrderCreateResponse;
}

/** GET /api/orders/{kode} with `Authorization: Bearer <akses>` (or no header for null). */
export function getOrder(app: FastifyInstance, kodePesanan: string, akses: string | null): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: `/api/orders/${encodeURIComponent(kodePesanan)}`,
    headers: akses === null ? {} : { authorization: `Bearer ${akses}` },
  });
}

/** Everything an order writes or holds: a refusal must leave all of it as it was. */
export async function shopFootprint(
  db: Db,
): Promise<{ orders: number; items: number; audit: number; mails: number; held: Record<number, number> }> {
  const total = async (table: typeof orders | typeof orderItems | typeof outboxMessages) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  const [audit] = await db.select({ n: count() }).from(auditLogs).where(eq(auditLogs.targetTable, 'orders'));
  const held = Object.fromEntries((await db.select({ id: products.id, held: products.held }).from(products)).map((p) => [p.id, p.held]));
  return { orders: await total(orders), items: await total(orderItems), audit: audit!.n, mails: await total(outboxMessages), held };
}

/** An order placed over HTTP on a started server, as checkout sends it (browser and budget suites). */
export async function orderOverHttp(
  baseUrl: string,
  kodePendaftaran: string,
  noHp: string,
  items: OrderLine[] = [{ product_id: 1, quantity: 1 }],
): Promise<OrderCreateResponse> {
  const response = await fetch(`${baseUrl}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(orderBody(kodePendaftaran, items, { no_hp: noHp })),
  });
  if (response.status !== 201) throw new Error(`order: ${response.status} ${await response.text()}`);
  return (await response.json()) as OrderCreateResponse;
}
