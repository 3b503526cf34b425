import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditEntrySchema } from '../../domain/audit.js';
import {
  ORDER_MESSAGES,
  OrderAdminDetailSchema,
  OrderCancelSchema,
  OrderListQuerySchema,
  OrderListSchema,
  PaymentConfirmSchema,
  ProductAdminSchema,
  ProductUpdateSchema,
  type PaymentConfirm,
} from '../../domain/orders.js';
import { paymentBankAccount } from '../config.js';
import { isRowId } from '../db/row-id.js';
import type { OrderRow } from '../db/schema.js';
import { AppError, badRequest } from '../http/app-error.js';
import { IdParamsSchema } from '../http/id-params.js';
import { orderNotFound } from './order-access.js';
import { listOrderAudit, listOrdersForAdmin, orderAdminDetail } from './order-admin-repository.js';
import { adminActorOf, answerOrderChange } from './order-admin-requests.js';
import { amountDue, findOrderById } from './order-repository.js';
import { closeLocked, markPaidLocked, withLockedOrder, type OrderActor, type TransitionDeps } from './order-transitions.js';
import { listProductsForAdmin, PRODUCT_NOT_FOUND_MESSAGE, toProductAdmin, updateProduct } from './product-admin.js';

const WIB_OFFSET_MS = 7 * 3_600_000;

/**
 * When the money arrived, from the day the admin read on the account statement (WIB): now when that day
 * is today, else noon of that day, so the invoice's month and date are the statement's. A day that does
 * not exist or has not come yet is refused.
 */
function paidAtOf(tanggal: string, now: Date): Date {
  const [year, month, day] = tanggal.split('-').map(Number) as [number, number, number];
  const noonWib = new Date(Date.UTC(year, month - 1, day, 12) - WIB_OFFSET_MS);
  if (new Date(noonWib.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 10) !== tanggal)
    throw badRequest('Tanggal tidak valid', 'tanggal');
  const today = new Date(now.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 10);
  if (tanggal > today) throw badRequest('Tanggal pembayaran tidak boleh melewati hari ini.', 'tanggal');
  return tanggal === today ? now : noonWib;
}

/** 'Konfirmasi Pembayaran': an amount other than the one owed needs the admin's note saying why. */
async function confirmPayment(deps: TransitionDeps, orderId: string, input: PaymentConfirm, actor: OrderActor): Promise<OrderRow> {
  const paidAt = paidAtOf(input.tanggal, deps.now());
  const note = input.catatan || null;
  return withLockedOrder(deps, orderId, async (tx, order) => {
    // From a status that allows no payment, markPaidLocked's 409 is the answer, whatever the amount.
    if (order.status === 'menunggu_pembayaran' && input.jumlah !== amountDue(order) && !note) {
      throw new AppError(400, 'AMOUNT_NOTE_REQUIRED', ORDER_MESSAGES.amountNoteRequired, 'catatan');
    }
    return markPaidLocked(tx, deps, order, { amount: input.jumlah, paidAt, note, actor, action: 'order_payment_confirmed' });
  });
}

/** /api/admin/orders and /api/admin/products, behind the admin plugin's guard. */
export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const deps: TransitionDeps = { db, config, now: () => app.deps.now() };
  const account = paymentBankAccount(config);

  const detailOf = async (id: string) => {
    const order = isRowId(id) ? await findOrderById(db, id) : null;
    if (!order) throw orderNotFound();
    return orderAdminDetail(db, order, account);
  };

  app.get(
    '/orders',
    { schema: { tags: ['admin'], querystring: OrderListQuerySchema, response: { 200: OrderListSchema } } },
    async (request) => listOrdersForAdmin(db, request.query),
  );

  app.get(
    '/orders/:id',
    { schema: { tags: ['admin'], params: IdParamsSchema, response: { 200: OrderAdminDetailSchema } } },
    async (request) => detailOf(request.params.id),
  );

  app.get(
    '/orders/:id/audit',
    { schema: { tags: ['admin'], params: IdParamsSchema, response: { 200: z.object({ items: z.array(AuditEntrySchema) }) } } },
    async (request) => {
      const { id } = request.params;
      if (!isRowId(id) || !(await findOrderById(db, id))) throw orderNotFound();
      // Newest first, like a merchant's Aktivitas tab; the timeline reads the same rows oldest first.
      return { items: (await listOrderAudit(db, id)).reverse() };
    },
  );

  app.post(
    '/orders/:id/payment',
    { schema: { tags: ['admin'], params: IdParamsSchema, body: PaymentConfirmSchema, response: { 200: OrderAdminDetailSchema } } },
    async (request) => {
      if (!isRowId(request.params.id)) throw orderNotFound();
      const order = await confirmPayment(deps, request.params.id, request.body, adminActorOf(request));
      return answerOrderChange(app, request, order);
    },
  );

  app.post(
    '/orders/:id/cancel',
    { schema: { tags: ['admin'], params: IdParamsSchema, body: OrderCancelSchema, response: { 200: OrderAdminDetailSchema } } },
    async (request) => {
      if (!isRowId(request.params.id)) throw orderNotFound();
      const actor = adminActorOf(request);
      const order = await withLockedOrder(deps, request.params.id, (tx, locked) =>
        closeLocked(tx, deps, locked, { to: 'dibatalkan', reason: request.body.alasan, actor, action: 'order_cancelled', allowPaid: true }),
      );
      return answerOrderChange(app, request, order);
    },
  );

  app.get(
    '/products',
    { schema: { tags: ['admin'], response: { 200: z.object({ products: z.array(ProductAdminSchema) }) } } },
    async () => ({
      products: await listProductsForAdmin(db),
    }),
  );

  app.put(
    '/products/:id',
    { schema: { tags: ['admin'], params: IdParamsSchema, body: ProductUpdateSchema, response: { 200: ProductAdminSchema } } },
    async (request) => {
      const { id } = request.params;
      if (!/^\d{1,9}$/.test(id)) throw new AppError(404, 'PRODUCT_NOT_FOUND', PRODUCT_NOT_FOUND_MESSAGE);
      return toProductAdmin(await updateProduct(db, Number(id), request.body, adminActorOf(request), app.deps.now()));
    },
  );
};
