import { DEVICE_STATUSES, type DeviceListQuery, type DeviceStatus } from '../../../domain/orders';
import { parsePage } from '../../components/list/list-view';

export type DeviceStatusFilter = 'all' | DeviceStatus;

/** The device list as the URL holds it: every value present, defaults filled in. */
export type DeviceListView = { q: string; status: DeviceStatusFilter; page: number };

export const DEFAULT_DEVICE_LIST_VIEW: DeviceListView = { q: '', status: 'all', page: 1 };

const STATUS_FILTERS: readonly string[] = ['all', ...DEVICE_STATUSES];

/** A serial is at most 30 characters (SerialNumberSchema): the API refuses a longer search with 400. */
const MAX_SEARCH = 30;

/**
 * A shared or hand-edited link may hold anything: an unknown value falls back to its default instead of
 * sending the server a query it would refuse with 400.
 */
export function parseDeviceListView(params: URLSearchParams): DeviceListView {
  const status = params.get('status') ?? '';
  return {
    q: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH).trim(),
    status: STATUS_FILTERS.includes(status) ? (status as DeviceStatusFilter) : DEFAULT_DEVICE_LIST_VIEW.status,
    page: parsePage(params.get('page')),
  };
}

/** Defaults are left out so the plain /admin/devices link and the default view are the same URL. */
export function deviceListViewToSearchParams(view: DeviceListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.status !== DEFAULT_DEVICE_LIST_VIEW.status) params.set('status', view.status);
  if (view.page !== DEFAULT_DEVICE_LIST_VIEW.page) params.set('page', String(view.page));
  return params;
}

/**
 * The API query (GET /api/admin/devices). The search is sent as typed: the server matches serials
 * case-insensitively. `merchantId` narrows the list to one merchant (the merchant detail's tab).
 */
export function deviceListViewToQuery(view: DeviceListView, merchantId?: string): DeviceListQuery {
  return {
    ...(view.q ? { q: view.q } : {}),
    ...(view.status === 'all' ? {} : { status: view.status }),
    ...(merchantId ? { merchant_id: merchantId } : {}),
    page: view.page,
  };
}
