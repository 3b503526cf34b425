import type { MerchantCheckRequest, MerchantCheckResponse, OrderCreateRequest, OrderCreateResponse } from '../../../domain/orders';
import { apiFetch } from '../../lib/api-client';

// The answers' schemas (and zod) load with the answer, after a click, not with the page.
const loadMerchantSchema = async () => (await import('../../../domain/orders')).MerchantCheckResponseSchema;
const loadCreatedSchema = async () => (await import('../../../domain/orders')).OrderCreateResponseSchema;

/** POST /api/orders/merchant-check: the registration the order will belong to (checkout step 2). */
export function checkMerchant(body: MerchantCheckRequest): Promise<MerchantCheckResponse> {
  return apiFetch('/api/orders/merchant-check', { method: 'POST', body, schema: loadMerchantSchema });
}

/** POST /api/orders; the same key again answers the same order (a retry after a lost answer). */
export function createOrder(body: OrderCreateRequest, idempotencyKey: string): Promise<OrderCreateResponse> {
  return apiFetch('/api/orders', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey }, schema: loadCreatedSchema });
}
