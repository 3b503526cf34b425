/**
 * The order vocabulary without zod: statuses, payment methods and their Indonesian labels. The public
 * order pages show them at first paint, and src/domain/orders.ts (the schemas) would bring zod with them,
 * about 26 KB gzip against the public pages' budget (issue 8). orders.ts re-exports all of it.
 */

export const ORDER_STATUSES = ['menunggu_pembayaran', 'dibayar', 'kedaluwarsa', 'dibatalkan'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  menunggu_pembayaran: 'Menunggu Pembayaran',
  dibayar: 'Dibayar',
  kedaluwarsa: 'Kedaluwarsa',
  dibatalkan: 'Dibatalkan',
};

/** Orders whose units are held: stock_available = stock - units of these orders. */
export const OPEN_ORDER_STATUSES = ['menunggu_pembayaran', 'dibayar'] as const satisfies readonly OrderStatus[];

export const PAYMENT_METHODS = ['transfer', 'midtrans'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  transfer: 'Transfer Bank',
  midtrans: 'Midtrans (kartu, e-wallet, QRIS, virtual account)',
};

export const ORDER_CODE_PATTERN = /^ORD-[A-Z0-9]{8}$/;

/** The order page's answer to a wrong or missing token, and the API's 404 (ORDER_MESSAGES.orderNotFound). */
export const ORDER_NOT_FOUND = 'Pesanan tidak ditemukan';
