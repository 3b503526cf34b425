/**
 * The order vocabulary without zod: statuses, payment methods and their Indonesian labels. The public
 * order pages show them at first paint, and src/domain/orders.ts (the schemas) would bring zod with them,
 * about 26 KB gzip against the public pages' budget (decision 0043). orders.ts re-exports all of it.
 */

/**
 * A paid order waits for its merchant's verification (`menunggu_verifikasi`) or is ready to pack
 * (`siap_dikemas`); then it is packed with one serial number per unit, shipped, and received.
 */
export const ORDER_STATUSES = [
  'menunggu_pembayaran',
  'menunggu_verifikasi',
  'siap_dikemas',
  'dikemas',
  'dikirim',
  'diterima',
  'kedaluwarsa',
  'dibatalkan',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  menunggu_pembayaran: 'Menunggu Pembayaran',
  menunggu_verifikasi: 'Menunggu Verifikasi',
  siap_dikemas: 'Siap Dikemas',
  dikemas: 'Dikemas',
  dikirim: 'Dikirim',
  diterima: 'Diterima',
  kedaluwarsa: 'Kedaluwarsa',
  dibatalkan: 'Dibatalkan',
};

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
export const COURIERS = ['jne', 'jnt', 'sicepat', 'anteraja', 'pos', 'gosend', 'internal'] as const;
export type Courier = (typeof COURIERS)[number];
export const COURIER_LABELS: Record<Courier, string> = {
  jne: 'JNE',
  jnt: 'J&T Express',
  sicepat: 'SiCepat',
  anteraja: 'AnterAja',
  pos: 'Pos Indonesia',
  gosend: 'GoSend',
  internal: 'Kurir Internal',
};

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
export const DEVICE_STATUSES = ['dialokasikan', 'dikirim', 'aktif'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
export const DEVICE_STATUS_LABELS: Record<DeviceStatus, string> = { dialokasikan: 'Dialokasikan', dikirim: 'Dikirim', aktif: 'Aktif' };

/**
 * The merchant's one timeline (order page, status page), in order. Fix steps and `menunggu_verifikasi`
 * appear only when they happened; `ditolak`, `kedaluwarsa` and `dibatalkan` only when they end the story.
 */
export const TIMELINE_STEPS = [
  'pendaftaran_diterima',
  'perbaikan_diminta',
  'perbaikan_dikirim',
  'diverifikasi',
  'ditolak',
  'pesanan_dibuat',
  'dibayar',
  'menunggu_verifikasi',
  'dikemas',
  'dikirim',
  'diterima',
  'kedaluwarsa',
  'dibatalkan',
] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];
export const TIMELINE_STEP_LABELS: Record<TimelineStep, string> = {
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
};

export const PAYMENT_METHODS = ['transfer', 'midtrans'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  transfer: 'Transfer Bank',
  midtrans: 'Midtrans (kartu, e-wallet, QRIS, virtual account)',
};

export const ORDER_CODE_PATTERN = /^ORD-[A-Z0-9]{8}$/;

/** The order page's answer to a wrong or missing token, and the API's 404 (ORDER_MESSAGES.orderNotFound). */
export const ORDER_NOT_FOUND = 'Pesanan tidak ditemukan';
