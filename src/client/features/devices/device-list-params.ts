import { DEVICE_STATUSES, type DeviceListQuery, type DeviceStatus } from '../../../domain/orders';
import { statusListParams, type StatusListView } from '../../components/list/status-list-params';

/** The device list as the URL holds it (/admin/devices). */
export type DeviceListView = StatusListView<DeviceStatus>;
export type DeviceStatusFilter = DeviceListView['status'];

/** A serial is at most 30 characters (SerialNumberSchema): the API refuses a longer search with 400. */
export const deviceListParams = statusListParams(DEVICE_STATUSES, 30);

/**
 * The API query (GET /api/admin/devices). The search is sent as typed: the server matches serials
 * case-insensitively. `merchantId` narrows the list to one merchant (the merchant detail's tab).
 */
export function deviceListViewToQuery(view: DeviceListView, merchantId?: string): DeviceListQuery {
  return { ...deviceListParams.toQuery(view), ...(merchantId ? { merchant_id: merchantId } : {}) };
}
