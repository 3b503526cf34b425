import type { OrderStatus } from '../../domain/order-texts';

/** Badge colours of an order's status, the same on the order page and the status page's list. */
export const ORDER_STATUS_COLOURS: Record<OrderStatus, string> = {
  menunggu_pembayaran: 'bg-amber-100 text-amber-800',
  menunggu_verifikasi: 'bg-sky-100 text-sky-800',
  siap_dikemas: 'bg-green-100 text-green-800',
  dikemas: 'bg-indigo-100 text-indigo-800',
  dikirim: 'bg-brand-100 text-brand-800',
  diterima: 'bg-emerald-100 text-emerald-900',
  kedaluwarsa: 'bg-slate-200 text-slate-700',
  dibatalkan: 'bg-red-100 text-red-800',
};
