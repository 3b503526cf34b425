import { API_MESSAGES } from '../../../domain/messages';
import type { OrderCreateResponse, OrderPublic } from '../../../domain/orders';
import { answerError, apiFetch, ApiRequestError } from '../../lib/api-client';
import { readOrder } from './order-answers';

// Answers read after a click load their schema (and zod) with the answer, not with the page.
const loadLookupSchema = async () => (await import('../../../domain/orders')).OrderLookupResponseSchema;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const orderPath = (kode: string) => `/api/orders/${encodeURIComponent(kode)}`;

/** GET /api/orders/{kode} with the order page's token. */
export async function fetchOrder(kode: string, token: string, signal?: AbortSignal): Promise<OrderPublic> {
  const order = readOrder(await apiFetch(orderPath(kode), { headers: bearer(token), signal }));
  if (!order) throw new ApiRequestError(200, 'BAD_RESPONSE', API_MESSAGES.internal);
  return order;
}

/** POST /api/orders/{kode}/diterima ('Pesanan Sudah Diterima'): the order, now `diterima`; 409 unless `dikirim`. */
export async function confirmDelivered(kode: string, token: string): Promise<OrderPublic> {
  const order = readOrder(await apiFetch(`${orderPath(kode)}/diterima`, { method: 'POST', headers: bearer(token) }));
  if (!order) throw new ApiRequestError(200, 'BAD_RESPONSE', API_MESSAGES.internal);
  return order;
}

/** POST /api/orders/lookup: the order by its code and the registration's phone, with a fresh token. */
export function lookupOrder(body: { kode_pesanan: string; no_hp: string }): Promise<OrderCreateResponse> {
  return apiFetch('/api/orders/lookup', { method: 'POST', body, schema: loadLookupSchema });
}

/** GET /api/orders/{kode}/invoice: the PDF of a paid order, as a blob to save. */
export async function fetchInvoice(kode: string, token: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`${orderPath(kode)}/invoice`, {
      headers: { Accept: 'application/pdf', ...bearer(token) },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiRequestError(0, 'NETWORK_ERROR', API_MESSAGES.unavailable);
  }
  if (!response.ok) throw await answerError(response.status, await response.json().catch(() => null));
  return response.blob();
}

/** A failure's Indonesian text: the server's message, or the generic one for anything else. */
export function failureText(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : API_MESSAGES.unavailable;
}
