import { COURIERS, ORDER_STATUSES, TIMELINE_STEPS, type Courier, type OrderStatus, type TimelineStep } from '../../../domain/order-texts';
import type { OrderItem, OrderPublic, Payment, Shipment, Shipping, TimelineEntry } from '../../../domain/orders';

/**
 * GET /api/orders/{kode} checked by hand: the zod schema of src/domain/orders.ts says the same, but zod
 * is about 26 KB gzip that the order page would download before its first paint (page budgets, decision 0043).
 * Answers read after a click (lookup, new order) go through the schemas. The guards repeat
 * product-api.ts's on purpose: shared, they would bring the order page the shop's whole chunk.
 */

type Data = Record<string, unknown>;

function isRecord(value: unknown): value is Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);

function hasStrings(data: Data, keys: readonly string[]): boolean {
  return keys.every((key) => isString(data[key]));
}

function hasIntegers(data: Data, keys: readonly string[]): boolean {
  return keys.every((key) => isInteger(data[key]));
}

function readItem(value: unknown): OrderItem | null {
  if (!isRecord(value) || !hasStrings(value, ['sku', 'name']) || !hasIntegers(value, ['product_id', 'price', 'quantity', 'line_total']))
    return null;
  const { product_id, sku, name, price, quantity, line_total } = value as OrderItem;
  return { product_id, sku, name, price, quantity, line_total };
}

const SHIPPING_KEYS = ['nama_penerima', 'no_hp_penerima', 'alamat_pengiriman', 'kota_kab', 'provinsi', 'kode_pos'] as const;

function readShipping(value: unknown): Shipping | null {
  if (!isRecord(value) || !hasStrings(value, SHIPPING_KEYS)) return null;
  return Object.fromEntries(SHIPPING_KEYS.map((key) => [key, value[key]])) as Shipping;
}

/** Only a web address is ever put in an href: a `javascript:` URL in an answer must not become a link. */
export function isWebAddress(value: unknown): value is string {
  if (!isString(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function readPayment(value: unknown): Payment | null {
  if (!isRecord(value) || !isString(value.batas_waktu)) return null;
  if (value.metode === 'midtrans')
    return isWebAddress(value.redirect_url)
      ? { metode: 'midtrans', redirect_url: value.redirect_url, batas_waktu: value.batas_waktu }
      : null;
  if (value.metode !== 'transfer' || !hasIntegers(value, ['kode_unik', 'jumlah'])) return null;
  const account = value.rekening;
  if (!isRecord(account) || !hasStrings(account, ['bank', 'nomor', 'atas_nama'])) return null;
  return {
    metode: 'transfer',
    kode_unik: value.kode_unik as number,
    jumlah: value.jumlah as number,
    rekening: { bank: account.bank as string, nomor: account.nomor as string, atas_nama: account.atas_nama as string },
    batas_waktu: value.batas_waktu,
  };
}

const isOrderStatus = (value: unknown): value is OrderStatus => ORDER_STATUSES.includes(value as OrderStatus);
const isNullableString = (value: unknown): value is string | null => value === null || isString(value);
const isTimelineStep = (value: unknown): value is TimelineStep => TIMELINE_STEPS.includes(value as TimelineStep);
const isCourier = (value: unknown): value is Courier => COURIERS.includes(value as Courier);

function readTimelineEntry(value: unknown): TimelineEntry | null {
  if (!isRecord(value) || !isTimelineStep(value.step) || !isNullableString(value.at)) return null;
  if (value.detail === undefined) return { step: value.step, at: value.at };
  return isNullableString(value.detail) ? { step: value.step, at: value.at, detail: value.detail } : null;
}

/** The shipment of a shipped order; its tracking link goes in an href, so only a web address passes. */
function readShipment(value: unknown): Shipment | null | undefined {
  if (value === null) return null;
  if (!isRecord(value) || !isCourier(value.kurir) || !hasStrings(value, ['kurir_label', 'no_resi', 'shipped_at'])) return undefined;
  if (value.tracking_url !== null && !isWebAddress(value.tracking_url)) return undefined;
  return {
    kurir: value.kurir,
    kurir_label: value.kurir_label as string,
    no_resi: value.no_resi as string,
    tracking_url: value.tracking_url,
    shipped_at: value.shipped_at as string,
  };
}

/** GET /api/orders/{kode}: the order as its page shows it, or null when the answer is not that shape. */
export function readOrder(data: unknown): OrderPublic | null {
  if (!isRecord(data) || !hasStrings(data, ['kode_pesanan', 'kode_pendaftaran', 'nama_toko', 'created_at'])) return null;
  if (!isOrderStatus(data.status) || !hasIntegers(data, ['subtotal', 'ongkir', 'total'])) return null;
  if (!isNullableString(data.paid_at) || !isNullableString(data.invoice_number) || !isNullableString(data.delivered_at)) return null;
  if (!Array.isArray(data.items) || !Array.isArray(data.timeline)) return null;
  const items = data.items.map(readItem);
  const timeline = data.timeline.map(readTimelineEntry);
  const pembayaran = readPayment(data.pembayaran);
  const pengiriman = readShipping(data.pengiriman);
  // undefined: present but not a shipment (null is an order not shipped yet).
  const paket = readShipment(data.pengiriman_paket);
  if (items.some((item) => item === null) || timeline.some((entry) => entry === null) || !pembayaran || !pengiriman || paket === undefined)
    return null;
  return {
    kode_pesanan: data.kode_pesanan as string,
    kode_pendaftaran: data.kode_pendaftaran as string,
    nama_toko: data.nama_toko as string,
    status: data.status,
    items: items as OrderItem[],
    subtotal: data.subtotal as number,
    ongkir: data.ongkir as number,
    total: data.total as number,
    pembayaran,
    pengiriman,
    created_at: data.created_at as string,
    paid_at: data.paid_at,
    invoice_number: data.invoice_number,
    pengiriman_paket: paket,
    delivered_at: data.delivered_at,
    timeline: timeline as TimelineEntry[],
  };
}
