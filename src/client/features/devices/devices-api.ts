import { DeviceDetailSchema, DeviceListSchema, type DeviceDetail, type DeviceList, type DeviceListQuery } from '../../../domain/orders';
import { apiFetch } from '../../lib/api-client';

/**
 * Query keys of the device screens. Everything starts with ['admin', 'devices'], so an order's change
 * (packing makes devices, shipping and delivery move them on) marks every list and history stale.
 */
export const deviceKeys = {
  all: ['admin', 'devices'] as const,
  list: (query: DeviceListQuery) => [...deviceKeys.all, 'list', query] as const,
  detail: (id: string) => [...deviceKeys.all, 'detail', id] as const,
};

const BASE = '/api/admin/devices';

export function fetchDeviceList(query: DeviceListQuery, signal?: AbortSignal): Promise<DeviceList> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return apiFetch(`${BASE}?${params.toString()}`, { schema: DeviceListSchema, signal });
}

export function fetchDevice(id: string, signal?: AbortSignal): Promise<DeviceDetail> {
  return apiFetch(`${BASE}/${encodeURIComponent(id)}`, { schema: DeviceDetailSchema, signal });
}
