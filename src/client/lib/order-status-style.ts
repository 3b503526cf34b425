import type { OrderStatus } from '../../domain/order-texts';

/** Badge colours of an order's status, the same on the order page and the status page's list. */
export const ORDER_STATUS_COLOURS: Record<OrderStatus, string> = {
  menunggu_pembayaran: 'bg-amber-100 text-amber-800',
  dibayar: 'bg-green-100 text-green-800',
  kedaluwarsa: 'bg-slate-200 text-slate-700',
  dibatalkan: 'bg-red-100 text-red-800',
};
