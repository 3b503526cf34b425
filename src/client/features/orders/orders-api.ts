import { z } from 'zod';
import { AuditEntrySchema, type AuditEntry } from '../../../domain/audit';
import {
  FulfilmentListSchema,
  OrderAdminDetailSchema,
  OrderListSchema,
  ProductAdminSchema,
  type FulfilmentItem,
  type OrderAdminDetail,
  type OrderCancel,
  type OrderList,
  type OrderListQuery,
  type PackRequest,
  type PaymentConfirm,
  type ProductAdmin,
  type ProductUpdate,
  type ShipRequest,
} from '../../../domain/orders';
import { apiFetch } from '../../lib/api-client';

/**
 * Query keys of the admin order screens. Everything starts with ['admin', 'orders'], so a live event
 * marks every list, detail and activity feed stale with one call.
 */
export const orderKeys = {
  all: ['admin', 'orders'] as const,
  list: (query: OrderListQuery) => [...orderKeys.all, 'list', query] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
  // Under the detail key: refreshing an order refreshes its activity too.
  activity: (id: string) => [...orderKeys.detail(id), 'audit'] as const,
  // Under the orders key too: an order's live event refreshes the warehouse's list.
  fulfilment: () => [...orderKeys.all, 'fulfilment'] as const,
};

export const productKeys = {
  all: ['admin', 'products'] as const,
};

const BASE = '/api/admin/orders';
const AuditItemsSchema = z.object({ items: z.array(AuditEntrySchema) });
const ProductsSchema = z.object({ products: z.array(ProductAdminSchema) });

function idPath(id: string): string {
  return `${BASE}/${encodeURIComponent(id)}`;
}

export function fetchOrderList(query: OrderListQuery, signal?: AbortSignal): Promise<OrderList> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return apiFetch(`${BASE}?${params.toString()}`, { schema: OrderListSchema, signal });
}

export function fetchOrder(id: string, signal?: AbortSignal): Promise<OrderAdminDetail> {
  return apiFetch(idPath(id), { schema: OrderAdminDetailSchema, signal });
}

export async function fetchOrderActivity(id: string, signal?: AbortSignal): Promise<AuditEntry[]> {
  const { items } = await apiFetch(`${idPath(id)}/audit`, { schema: AuditItemsSchema, signal });
  return items;
}

export function confirmPayment(id: string, body: PaymentConfirm): Promise<OrderAdminDetail> {
  return apiFetch(`${idPath(id)}/payment`, { method: 'POST', body, schema: OrderAdminDetailSchema });
}

export function cancelOrder(id: string, body: OrderCancel): Promise<OrderAdminDetail> {
  return apiFetch(`${idPath(id)}/cancel`, { method: 'POST', body, schema: OrderAdminDetailSchema });
}

export function packOrder(id: string, body: PackRequest): Promise<OrderAdminDetail> {
  return apiFetch(`${idPath(id)}/pack`, { method: 'POST', body, schema: OrderAdminDetailSchema });
}

export function shipOrder(id: string, body: ShipRequest): Promise<OrderAdminDetail> {
  return apiFetch(`${idPath(id)}/ship`, { method: 'POST', body, schema: OrderAdminDetailSchema });
}

/** `{}`: the route reads no body, and an empty JSON object passes whether or not it declares an empty one. */
export function markOrderDelivered(id: string): Promise<OrderAdminDetail> {
  return apiFetch(`${idPath(id)}/delivered`, { method: 'POST', body: {}, schema: OrderAdminDetailSchema });
}

/** GET /api/admin/fulfilment: the orders to pack or ship, oldest paid first. */
export async function fetchFulfilment(signal?: AbortSignal): Promise<FulfilmentItem[]> {
  const { items } = await apiFetch('/api/admin/fulfilment', { schema: FulfilmentListSchema, signal });
  return items;
}

export async function fetchProducts(signal?: AbortSignal): Promise<ProductAdmin[]> {
  const { products } = await apiFetch('/api/admin/products', { schema: ProductsSchema, signal });
  return products;
}

export function updateProduct(id: number, body: ProductUpdate): Promise<ProductAdmin> {
  return apiFetch(`/api/admin/products/${id}`, { method: 'PUT', body, schema: ProductAdminSchema });
}
