import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ORDER_MESSAGES, PAID_ORDER_STATUSES, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../domain/orders.js';
import { paymentBankAccount, type Config } from '../config.js';
import type { Db } from '../db/database.js';
import { merchants, type OrderRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { InvoiceContent } from './invoice-pdf.js';
import { requireOrderAccess } from './order-access.js';
import { listOrderItems, toOrderItem } from './order-repository.js';

const ParamsSchema = z.object({ kode_pesanan: z.string().max(40) }).strict();

const SELLER_ADDRESS = ['Jakarta, Indonesia'];

/** Paid and not cancelled: from the payment on, through shipping and receipt. */
const isPaidStatus = (status: string) => (PAID_ORDER_STATUSES as readonly string[]).includes(status);

/** The invoice of a paid order: its lines, and the buyer's store and address as the registration holds them. */
async function invoiceContent(db: Db, config: Config, order: OrderRow & { invoiceNumber: string; paidAt: Date }): Promise<InvoiceContent> {
  const [items, [merchant]] = await Promise.all([
    listOrderItems(db, order.id),
    db
      .select({
        namaToko: merchants.namaToko,
        kodePendaftaran: merchants.kodePendaftaran,
        alamatJalan: merchants.alamatJalan,
        kecamatan: merchants.kecamatan,
        kotaKab: merchants.kotaKab,
        provinsi: merchants.provinsi,
        kodePos: merchants.kodePos,
      })
      .from(merchants)
      .where(eq(merchants.id, order.merchantId))
      .limit(1),
  ]);
  return {
    invoiceNumber: order.invoiceNumber,
    kodePesanan: order.kodePesanan,
    // The account holder of the transfer account is the selling company.
    seller: { name: paymentBankAccount(config).atas_nama, lines: SELLER_ADDRESS },
    buyer: {
      namaToko: merchant?.namaToko ?? '-',
      kodePendaftaran: merchant?.kodePendaftaran ?? '-',
      addressLines: merchant
        ? [merchant.alamatJalan, `Kec. ${merchant.kecamatan}, ${merchant.kotaKab}`, `${merchant.provinsi} ${merchant.kodePos}`]
        : [],
    },
    items: items.map(toOrderItem),
    subtotal: order.subtotal,
    total: order.total,
    paymentMethod: PAYMENT_METHOD_LABELS[order.metodePembayaran as PaymentMethod] ?? order.metodePembayaran,
    paidAt: order.paidAt,
    paidAmount: order.paidAmount,
  };
}

/** GET /api/orders/{kode_pesanan}/invoice: the PDF invoice of a paid order. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:kode_pesanan/invoice',
    {
      schema: {
        tags: ['public'],
        summary: 'The PDF invoice of a paid order (Authorization: Bearer <akses>)',
        params: ParamsSchema,
      },
    },
    async (request, reply) => {
      const order = await requireOrderAccess(app.deps.db, request, request.params.kode_pesanan);
      // Only a paid order has an invoice; a cancelled one that was paid waits for its refund instead.
      if (!isPaidStatus(order.status) || !order.invoiceNumber || !order.paidAt) {
        throw new AppError(409, 'INVOICE_NOT_READY', ORDER_MESSAGES.invoiceNotReady);
      }
      // pdf-lib (2.8 MB of heap) is loaded by the first invoice asked for, not at start: every major
      // collection marks what the heap holds, and uploads cause many (docs/performance.md).
      const { renderInvoicePdf } = await import('./invoice-pdf.js');
      const pdf = await renderInvoicePdf(
        await invoiceContent(app.deps.db, app.deps.config, { ...order, invoiceNumber: order.invoiceNumber, paidAt: order.paidAt }),
      );
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="invoice-${order.kodePesanan}.pdf"`)
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(Buffer.from(pdf));
    },
  );
};
