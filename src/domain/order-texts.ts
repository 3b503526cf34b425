/**
 * The order vocabulary without zod: statuses, payment methods and their Indonesian labels. The public
 * order pages show them at first paint, and src/domain/orders.ts (the schemas) would bring zod with them,
 * about 26 KB gzip against the public pages' budget (decision 0043). orders.ts re-exports all of it.
 */

import { labelledCodes } from './code-tables.js';

/**
 * A paid order waits for its merchant's verification (`menunggu_verifikasi`) or is ready to pack
 * (`siap_dikemas`); then it is packed with one serial number per unit, shipped, and received.
 */
export const [ORDER_STATUSES, ORDER_STATUS_LABELS] = labelledCodes({
  menunggu_pembayaran: 'Menunggu Pembayaran',
  menunggu_verifikasi: 'Menunggu Verifikasi',
  siap_dikemas: 'Siap Dikemas',
  dikemas: 'Dikemas',
  dikirim: 'Dikirim',
  diterima: 'Diterima',
  kedaluwarsa: 'Kedaluwarsa',
  dibatalkan: 'Dibatalkan',
});
export type OrderStatus = keyof typeof ORDER_STATUS_LABELS;

/** Paid orders (every status after payment, cancelled ones apart). */
export const PAID_ORDER_STATUSES = [
  'menunggu_verifikasi',
  'siap_dikemas',
  'dikemas',
  'dikirim',
  'diterima',
] as const satisfies readonly OrderStatus[];

/** Orders whose units are held (stock_available = stock - held): unpaid or paid, not yet shipped. */
export const OPEN_ORDER_STATUSES = [
  'menunggu_pembayaran',
  'menunggu_verifikasi',
  'siap_dikemas',
  'dikemas',
] as const satisfies readonly OrderStatus[];

/** Couriers an order ships with ('Kirim'). */
export const [COURIERS, COURIER_LABELS] = labelledCodes({
  jne: 'JNE',
  jnt: 'J&T Express',
  sicepat: 'SiCepat',
  anteraja: 'AnterAja',
  pos: 'Pos Indonesia',
  gosend: 'GoSend',
  internal: 'Kurir Internal',
});
export type Courier = keyof typeof COURIER_LABELS;

/**
 * The courier's public tracking page for a resi, or null when it has none (GoSend tracks in its app, our
 * own couriers not at all). Used by the order page, the shipping mail and the webhook payload alike.
 */
export function courierTrackingUrl(kurir: Courier, noResi: string): string | null {
  const resi = encodeURIComponent(noResi);
  switch (kurir) {
    case 'jne':
      return `https://www.jne.co.id/tracking-package?awb=${resi}`;
    case 'jnt':
      return `https://jet.co.id/track?awb=${resi}`;
    case 'sicepat':
      return `https://www.sicepat.com/checkAwb?awb=${resi}`;
    case 'anteraja':
      return `https://anteraja.id/tracking/${resi}`;
    case 'pos':
      return `https://www.posindonesia.co.id/id/tracking/${resi}`;
    case 'gosend':
    case 'internal':
      return null;
  }
}

/** A device (one unit, by serial number): allocated when packed, shipped, active once received. */
export const [DEVICE_STATUSES, DEVICE_STATUS_LABELS] = labelledCodes({ dialokasikan: 'Dialokasikan', dikirim: 'Dikirim', aktif: 'Aktif' });
export type DeviceStatus = keyof typeof DEVICE_STATUS_LABELS;

/**
 * The merchant's one timeline (order page, status page), in order. Fix steps and `menunggu_verifikasi`
 * appear only when they happened; `ditolak`, `kedaluwarsa` and `dibatalkan` only when they end the story.
 */
export const [TIMELINE_STEPS, TIMELINE_STEP_LABELS] = labelledCodes({
  pendaftaran_diterima: 'Pendaftaran diterima',
  perbaikan_diminta: 'Perbaikan data diminta',
  perbaikan_dikirim: 'Perbaikan dikirim',
  diverifikasi: 'Diverifikasi',
  ditolak: 'Pendaftaran ditolak',
  pesanan_dibuat: 'Pesanan dibuat',
  dibayar: 'Dibayar',
  menunggu_verifikasi: 'Menunggu verifikasi',
  dikemas: 'Dikemas',
  dikirim: 'Dikirim',
  diterima: 'Diterima',
  kedaluwarsa: 'Kedaluwarsa',
  dibatalkan: 'Dibatalkan',
});
export type TimelineStep = keyof typeof TIMELINE_STEP_LABELS;

export const [PAYMENT_METHODS, PAYMENT_METHOD_LABELS] = labelledCodes({
  transfer: 'Transfer Bank',
  midtrans: 'Midtrans (kartu, e-wallet, QRIS, virtual account)',
});
export type PaymentMethod = keyof typeof PAYMENT_METHOD_LABELS;

export const ORDER_CODE_PATTERN = /^ORD-[A-Z0-9]{8}$/;

/** The order page's answer to a wrong or missing token, and the API's 404 (ORDER_MESSAGES.orderNotFound). */
export const ORDER_NOT_FOUND = 'Pesanan tidak ditemukan';
