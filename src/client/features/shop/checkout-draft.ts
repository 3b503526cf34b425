import { PAYMENT_METHODS, type PaymentMethod } from '../../../domain/order-texts';
import type { Shipping } from '../../../domain/orders';
import { readStored, removeStored, writeStored } from '../../lib/browser-storage';

/**
 * The checkout as typed, so a reload loses nothing: the registration code and phone, whether
 * they were verified, the shipping fields, the payment method and the attempt's Idempotency-Key. The
 * lines stay in localStorage `cart`, which the shop shares. sessionStorage like the wizard's draft: names,
 * phones and an address end with the tab. The receipt token is never copied here; it stays in the
 * registration session.
 */
const KEY = 'aipos.checkout.draft';

export const SHIPPING_FIELDS = [
  'nama_penerima',
  'no_hp_penerima',
  'alamat_pengiriman',
  'kota_kab',
  'provinsi',
  'kode_pos',
] as const satisfies readonly (keyof Shipping)[];
export type ShippingField = (typeof SHIPPING_FIELDS)[number];
export type ShippingValues = Record<ShippingField, string>;

export type CheckoutDraft = {
  kode_pendaftaran: string;
  no_hp: string;
  /** Step 2 passed: a reload checks the registration again by the same means instead of asking anew. */
  verified: boolean;
  shipping: ShippingValues;
  /** 'Sama dengan alamat usaha': the shipping fields follow the registration's store address. */
  sameAsStore: boolean;
  metode_pembayaran: PaymentMethod;
  /** Made on the first 'Buat Pesanan' and kept, so a retry after a lost answer gets the same order. */
  idempotencyKey: string | null;
};

export const EMPTY_SHIPPING: ShippingValues = {
  nama_penerima: '',
  no_hp_penerima: '',
  alamat_pengiriman: '',
  kota_kab: '',
  provinsi: '',
  kode_pos: '',
};

export const EMPTY_CHECKOUT_DRAFT: CheckoutDraft = {
  kode_pendaftaran: '',
  no_hp: '',
  verified: false,
  shipping: EMPTY_SHIPPING,
  sameAsStore: true,
  metode_pembayaran: 'transfer',
  idempotencyKey: null,
};

/** The server's pattern for Idempotency-Key. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,200}$/;
// Longer than any field the contract takes: a hand-edited storage must not fill the form with megabytes.
const MAX_TEXT = 500;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, MAX_TEXT) : '';
}

/** Whatever is stored is read defensively: another version of the app, or a hand edit, must not break the page. */
export function parseCheckoutDraft(raw: string | null): CheckoutDraft {
  if (!raw) return EMPTY_CHECKOUT_DRAFT;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return EMPTY_CHECKOUT_DRAFT;
  }
  if (!isRecord(data)) return EMPTY_CHECKOUT_DRAFT;
  const shipping = isRecord(data.shipping) ? data.shipping : {};
  const key = data.idempotencyKey;
  const kode = text(data.kode_pendaftaran).toUpperCase();
  return {
    kode_pendaftaran: kode,
    no_hp: text(data.no_hp),
    verified: data.verified === true && kode !== '',
    shipping: Object.fromEntries(SHIPPING_FIELDS.map((field) => [field, text(shipping[field])])) as ShippingValues,
    sameAsStore: data.sameAsStore !== false,
    metode_pembayaran: PAYMENT_METHODS.includes(data.metode_pembayaran as PaymentMethod)
      ? (data.metode_pembayaran as PaymentMethod)
      : 'transfer',
    idempotencyKey: typeof key === 'string' && IDEMPOTENCY_KEY_PATTERN.test(key) ? key : null,
  };
}

export function loadCheckoutDraft(): CheckoutDraft {
  return parseCheckoutDraft(readStored('session', KEY));
}

export function saveCheckoutDraft(draft: CheckoutDraft): void {
  writeStored('session', KEY, JSON.stringify(draft));
}

/** After the order is made: the next checkout starts afresh, with a new key. */
export function clearCheckoutDraft(): void {
  removeStored('session', KEY);
}
