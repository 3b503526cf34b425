import { ApiRequestError } from '../../lib/api-client';
import { SHIPPING_FIELDS, type ShippingField } from './checkout-draft';
import { failureText } from './order-api';

export type Refusal = {
  /** The server's Indonesian message, shown as a toast and under 'Buat Pesanan'. */
  message: string;
  /** The shipping field the message names, to show it there too. */
  field: ShippingField | null;
  /**
   * The server answered, so no order was made with this key and the next attempt may differ: a new key.
   * Without an answer (network) the key stays, so a retry returns the order if it was made after all.
   */
  newKey: boolean;
  /** Stock or a product changed since the page loaded: ask for the server's figures again. */
  reloadProducts: boolean;
};

const isShippingField = (field: string): field is ShippingField => (SHIPPING_FIELDS as readonly string[]).includes(field);

/** What the checkout does with a failed POST /api/orders. */
export function readRefusal(error: unknown): Refusal {
  const message = failureText(error);
  if (!(error instanceof ApiRequestError)) return { message, field: null, newKey: false, reloadProducts: false };
  const field = error.field?.replace(/^pengiriman\./, '') ?? '';
  return {
    message,
    field: isShippingField(field) ? field : null,
    // PAYMENT_UNAVAILABLE (502): the server cancelled that order when Midtrans failed, and answers the
    // same key with the same 502: another attempt needs a new key.
    newKey: (error.status >= 400 && error.status < 500) || error.code === 'PAYMENT_UNAVAILABLE',
    reloadProducts: error.status === 400 || error.status === 409,
  };
}
