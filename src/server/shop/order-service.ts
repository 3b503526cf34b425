import { randomInt } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { normalizeMobile } from '../../domain/indonesian-ids.js';
import { API_MESSAGES } from '../../domain/messages.js';
import {
  MAX_OPEN_UNPAID_ORDERS,
  ORDER_MESSAGES,
  type OrderCreateRequest,
  type OrderCreateResponse,
  type OrderLookupRequest,
} from '../../domain/orders.js';
import { writeAudit } from '../audit/public.js';
import { paymentBankAccount, publicBaseUrl, type Config } from '../config.js';
import type { Db } from '../db/database.js';
import { merchants, orderItems, orders, type MerchantRow, type OrderRow, type ProductRow } from '../db/schema.js';
import { uniqueViolation } from '../db/unique-violation.js';
import { AppError } from '../http/app-error.js';
import { generateToken, hashToken } from '../shared/tokens.js';
import { CodeExhaustedError, withUniqueCode, type CodeGenerator } from '../shared/unique-code.js';
import { enqueueWebhookEvent, orderCreatedEvent } from '../webhooks/public.js';
import { createSnapTransaction } from './midtrans-client.js';
import { orderNotFound } from './order-access.js';
import { ORDER_CODE } from './order-code.js';
import { enqueueOrderMail, orderPageLink, orderReceiptMail } from './order-mail.js';
import { identifyOrderingMerchant, isRegisteredPhone, registrationNotFound } from './order-merchant.js';
import { findOrderByCode, loadOrder, toOrderPublic } from './order-repository.js';
import { closeLocked, withLockedOrder } from './order-transitions.js';
import { findActiveProducts } from './product-repository.js';
import { holdUnits, type Shortage } from './stock.js';

/** Something committed that changed an order: the route wakes the mailer and tells the admin screens. */
export type OrderChange = { merchantId: string; orderId: string };

export type OrderDeps = {
  db: Db;
  config: Config;
  now: () => Date;
  announce: (change: OrderChange) => void;
  /** Where a failed Snap call is recorded: the buyer only learns that Midtrans is unavailable. */
  log: { warn(details: object, message: string): void };
  /** Only tests pass one, to force a code clash. */
  generateCode?: CodeGenerator;
};

export type OrderSubmission = { input: OrderCreateRequest; idempotencyKey: string; ip: string | null; userAgent: string | null };

/** `created` false: the key was seen before and the answer is that earlier order, with a fresh token. */
export type OrderResult = { created: boolean; order: OrderCreateResponse };

/** The unique index that makes one Idempotency-Key one order (src/server/db/schema.ts). */
const IDEMPOTENCY_CONSTRAINT = 'orders_idempotency_key_key';
/** Access tokens of one order kept valid: enough for every device and mail of a buyer, not an ever-growing row. */
const KEPT_ACCESS_TOKENS = 20;
const MIDTRANS_FAILED_REASON = 'Pembayaran Midtrans gagal dibuat';

type PricedLine = { product: ProductRow; quantity: number };
type CreatedOrder = { row: OrderRow; merchant: MerchantRow; lines: PricedLine[] };

const keyReused = () => new AppError(409, 'IDEMPOTENCY_KEY_REUSED', ORDER_MESSAGES.idempotencyKeyReused);
const paymentUnavailable = () => new AppError(502, 'PAYMENT_UNAVAILABLE', ORDER_MESSAGES.paymentUnavailable);
const outOfStock = (shortage: Shortage) =>
  new AppError(409, 'OUT_OF_STOCK', ORDER_MESSAGES.outOfStock(shortage.name, shortage.available), 'items');

/**
 * POST /api/orders. Everything the order decides (the registration, its open orders, the prices, the
 * held units, the order, its audit row and its receipt) is one transaction: a refusal leaves nothing
 * held or written. A Midtrans order asks Snap after that commit, so no database lock waits on Midtrans.
 */
export async function createOrder(deps: OrderDeps, submission: OrderSubmission): Promise<OrderResult> {
  const earlier = await findOrderByIdempotencyKey(deps.db, submission.idempotencyKey);
  if (earlier) return replay(deps, earlier, submission.input);
  if (submission.input.metode_pembayaran === 'midtrans' && !deps.config.MIDTRANS_SERVER_KEY) {
    throw new AppError(400, 'MIDTRANS_NOT_CONFIGURED', ORDER_MESSAGES.midtransNotConfigured, 'metode_pembayaran');
  }
  const akses = generateToken();
  let created: CreatedOrder;
  try {
    created = await withUniqueCode(ORDER_CODE, (code) => insertOrder(deps, submission, code, akses), deps.generateCode);
  } catch (error) {
    // A concurrent request with the same key committed first: answer with its order.
    if (uniqueViolation(error) === IDEMPOTENCY_CONSTRAINT) {
      const winner = await findOrderByIdempotencyKey(deps.db, submission.idempotencyKey);
      if (winner) return replay(deps, winner, submission.input);
    }
    if (error instanceof CodeExhaustedError) throw new AppError(503, 'UNAVAILABLE', API_MESSAGES.unavailable);
    throw error;
  }
  deps.announce({ merchantId: created.row.merchantId, orderId: created.row.id });
  const row = created.row.metodePembayaran === 'midtrans' ? await startMidtransPayment(deps, created, akses) : created.row;
  return { created: true, order: await answer(deps, row, akses) };
}

async function findOrderByIdempotencyKey(db: Db, key: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.idempotencyKey, key)).limit(1);
  return row ?? null;
}

async function insertOrder(deps: OrderDeps, submission: OrderSubmission, code: string, akses: string): Promise<CreatedOrder> {
  const { input } = submission;
  return deps.db.transaction(async (tx) => {
    const merchant = await identifyOrderingMerchant(tx, input.kode_pendaftaran, { no_hp: input.no_hp }, { lock: true });
    const lines = await priceLines(tx, input.items);
    await assertFewOpenOrders(tx, merchant.id);
    // The order goes in before the units: a concurrent request with the same key stops at the key's
    // unique index (and is answered with this order) before it could be told the stock ran out.
    const row = await tx
      .insert(orders)
      .values(orderValues(deps, submission, { code, merchant, lines, akses }))
      .returning();
    const order = row[0]!;
    await tx.insert(orderItems).values(
      lines.map(({ product, quantity }) => ({
        orderId: order.id,
        productId: product.id,
        sku: product.sku,
        name: product.name,
        price: product.price,
        quantity,
      })),
    );
    await writeAudit(tx, {
      actorId: null,
      action: 'order_create',
      targetTable: 'orders',
      targetId: order.id,
      diff: {
        kode_pesanan: order.kodePesanan,
        kode_pendaftaran: merchant.kodePendaftaran,
        items: lines.map(({ product, quantity }) => ({ product_id: product.id, sku: product.sku, price: product.price, quantity })),
        total: order.total,
        metode: order.metodePembayaran,
      },
      ip: submission.ip,
      userAgent: submission.userAgent,
    });
    await enqueueWebhookEvent(
      tx,
      orderCreatedEvent(
        {
          order,
          items: lines.map(({ product, quantity }) => ({ sku: product.sku, name: product.name, quantity, price: product.price })),
          merchant,
        },
        deps.now(),
      ),
    );
    // A Midtrans receipt needs Snap's payment link: it is queued once Snap has answered.
    if (order.metodePembayaran === 'transfer') await enqueueReceipt(tx, deps, order, akses);
    // The units last, just before the commit: every buyer of a product waits on its row from here to
    // the commit, so nothing else is done while the lock is held (decision 0030).
    const shortage = await holdUnits(
      tx,
      lines.map(({ product, quantity }) => ({ productId: product.id, quantity })),
    );
    if (shortage) throw outOfStock(shortage);
    return { row: order, merchant, lines };
  });
}

/** Each line at the server's price; a product that is unknown or no longer sold refuses the order. */
async function priceLines(tx: Db, items: OrderCreateRequest['items']): Promise<PricedLine[]> {
  const byId = new Map(
    (
      await findActiveProducts(
        tx,
        items.map((item) => item.product_id),
      )
    ).map((product) => [product.id, product]),
  );
  const lines = items.map((item) => {
    const product = byId.get(item.product_id);
    if (!product) throw new AppError(400, 'PRODUCT_UNKNOWN', ORDER_MESSAGES.productUnknown, 'items');
    return { product, quantity: item.quantity };
  });
  // Catalogue order, as the order's lines are read back: the audit row and Snap list them the same way.
  return lines.sort((a, b) => a.product.id - b.product.id);
}

/** Unpaid orders hold units: one registration may not lock up the stock with a pile of them. */
async function assertFewOpenOrders(tx: Db, merchantId: string): Promise<void> {
  const [row] = await tx
    .select({ open: count() })
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), eq(orders.status, 'menunggu_pembayaran')));
  if ((row?.open ?? 0) >= MAX_OPEN_UNPAID_ORDERS) throw new AppError(429, 'TOO_MANY_OPEN_ORDERS', ORDER_MESSAGES.tooManyOpenOrders);
}

function orderValues(
  deps: OrderDeps,
  submission: OrderSubmission,
  prepared: { code: string; merchant: MerchantRow; lines: PricedLine[]; akses: string },
): typeof orders.$inferInsert {
  const { input } = submission;
  const shipping = input.pengiriman;
  const now = deps.now();
  const subtotal = prepared.lines.reduce((sum, { product, quantity }) => sum + product.price * quantity, 0);
  const transfer = input.metode_pembayaran === 'transfer';
  return {
    kodePesanan: prepared.code,
    merchantId: prepared.merchant.id,
    status: 'menunggu_pembayaran',
    metodePembayaran: input.metode_pembayaran,
    subtotal,
    // Shipping is free in this version ('Gratis').
    ongkir: 0,
    total: subtotal,
    // 1-999 on top of the total, so that one incoming transfer names one order.
    kodeUnik: transfer ? randomInt(1, 1000) : null,
    batasWaktu: new Date(now.getTime() + deps.config.ORDER_PAYMENT_MINUTES * 60_000),
    aksesTokenHashes: [hashToken(prepared.akses)],
    idempotencyKey: submission.idempotencyKey,
    namaPenerima: shipping.nama_penerima,
    // The schema accepted it only if it normalises: stored as +628…, like the registration's phone.
    noHpPenerima: normalizeMobile(shipping.no_hp_penerima) ?? shipping.no_hp_penerima,
    alamatPengiriman: shipping.alamat_pengiriman,
    kotaKab: shipping.kota_kab,
    provinsi: shipping.provinsi,
    kodePos: shipping.kode_pos,
    ip: submission.ip,
    createdAt: now,
    updatedAt: now,
  };
}

/** The receipt, with the order page link that carries this answer's access token. */
async function enqueueReceipt(tx: Db, deps: OrderDeps, order: OrderRow, akses: string): Promise<void> {
  const view = toOrderPublic(await loadOrder(tx, order, { timeline: false }), paymentBankAccount(deps.config));
  await enqueueOrderMail(tx, {
    merchantId: order.merchantId,
    kind: 'order_receipt',
    content: orderReceiptMail(view, orderPageLink(publicBaseUrl(deps.config), order.kodePesanan, akses)),
    now: deps.now(),
    perAddressPerHour: deps.config.MAIL_PER_ADDRESS_PER_HOUR,
  });
}

/**
 * Snap's payment page for a committed order. When Snap cannot make one, the order is cancelled at once
 * so its units go back to the shop, and the buyer is told to choose again (502).
 */
async function startMidtransPayment(deps: OrderDeps, created: CreatedOrder, akses: string): Promise<OrderRow> {
  const { row, merchant, lines } = created;
  let redirectUrl: string;
  try {
    const snap = await createSnapTransaction(deps.config, {
      kodePesanan: row.kodePesanan,
      total: row.total,
      items: lines.map(({ product, quantity }) => ({ id: product.sku, price: product.price, quantity, name: product.name })),
      customer: { first_name: merchant.namaPemilik, phone: merchant.noHp, email: merchant.email },
      expiryMinutes: deps.config.ORDER_PAYMENT_MINUTES,
    });
    redirectUrl = snap.redirect_url;
  } catch (error) {
    deps.log.warn({ err: error, kode_pesanan: row.kodePesanan }, 'midtrans snap transaction failed');
    await withLockedOrder(deps, row.id, (tx, order) =>
      order.status === 'menunggu_pembayaran'
        ? closeLocked(tx, deps, order, {
            to: 'dibatalkan',
            reason: MIDTRANS_FAILED_REASON,
            actor: { id: null },
            action: 'order_cancelled',
            allowPaid: false,
          })
        : Promise.resolve(order),
    );
    deps.announce({ merchantId: row.merchantId, orderId: row.id });
    throw paymentUnavailable();
  }
  const stored = await deps.db.transaction(async (tx) => {
    const [updated] = await tx.update(orders).set({ midtransRedirectUrl: redirectUrl }).where(eq(orders.id, row.id)).returning();
    await enqueueReceipt(tx, deps, updated!, akses);
    return updated!;
  });
  deps.announce({ merchantId: row.merchantId, orderId: row.id });
  return stored;
}

/**
 * The same Idempotency-Key again: the earlier order, with a fresh access token (a token cannot be read
 * back from its hash; the earlier ones stay valid). The asker must still name the same registration and
 * its phone: the answer opens the order page.
 */
async function replay(deps: OrderDeps, order: OrderRow, input: OrderCreateRequest): Promise<OrderResult> {
  const [merchant] = await deps.db
    .select({ kodePendaftaran: merchants.kodePendaftaran, noHp: merchants.noHp })
    .from(merchants)
    .where(eq(merchants.id, order.merchantId))
    .limit(1);
  if (!merchant || merchant.kodePendaftaran !== input.kode_pendaftaran.trim().toUpperCase()) throw keyReused();
  if (!isRegisteredPhone(merchant, input.no_hp)) throw registrationNotFound();
  // The first answer was that Midtrans failed and the order was cancelled: a retry gets the same answer.
  if (order.status === 'dibatalkan' && order.cancelReason === MIDTRANS_FAILED_REASON) throw paymentUnavailable();
  const akses = generateToken();
  return { created: false, order: await answer(deps, await appendAccessToken(deps.db, order.id, hashToken(akses)), akses) };
}

/** Adds a token's hash to the order's, keeping the newest few; one statement, so concurrent additions all land. */
export async function appendAccessToken(db: Db, orderId: string, tokenHash: string): Promise<OrderRow> {
  const [row] = await db
    .update(orders)
    .set({
      aksesTokenHashes: sql`(array_append(${orders.aksesTokenHashes}, ${tokenHash}::text))[greatest(1, cardinality(${orders.aksesTokenHashes}) - ${sql.raw(String(KEPT_ACCESS_TOKENS - 2))}):]`,
    })
    .where(eq(orders.id, orderId))
    .returning();
  if (!row) throw orderNotFound();
  return row;
}

async function answer(deps: Pick<OrderDeps, 'db' | 'config'>, row: OrderRow, akses: string): Promise<OrderCreateResponse> {
  return { ...toOrderPublic(await loadOrder(deps.db, row), paymentBankAccount(deps.config)), akses };
}

/**
 * POST /api/orders/lookup: the order by its code and the registration's or the recipient's phone, with
 * a fresh access token for its page. Any mismatch is the same 404 as an unknown code.
 */
export async function lookupOrder(deps: Pick<OrderDeps, 'db' | 'config'>, request: OrderLookupRequest): Promise<OrderCreateResponse> {
  const order = await findOrderByCode(deps.db, request.kode_pesanan);
  const phone = normalizeMobile(request.no_hp);
  if (!order || !phone) throw orderNotFound();
  const [merchant] = await deps.db.select({ noHp: merchants.noHp }).from(merchants).where(eq(merchants.id, order.merchantId)).limit(1);
  if (phone !== merchant?.noHp && phone !== order.noHpPenerima) throw orderNotFound();
  const akses = generateToken();
  return answer(deps, await appendAccessToken(deps.db, order.id, hashToken(akses)), akses);
}
