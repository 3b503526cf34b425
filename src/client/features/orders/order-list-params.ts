import { ORDER_PAGE_SIZE, ORDER_STATUSES, type OrderListQuery, type OrderStatus } from '../../../domain/orders';
import { parsePage } from '../../components/list/list-view';

export type OrderStatusFilter = 'all' | OrderStatus;

/** The order list as the URL holds it: every value present, defaults filled in. */
export type OrderListView = { q: string; status: OrderStatusFilter; page: number };

export const DEFAULT_ORDER_LIST_VIEW: OrderListView = { q: '', status: 'all', page: 1 };

const STATUS_FILTERS: readonly string[] = ['all', ...ORDER_STATUSES];

/**
 * A shared or hand-edited link may hold anything: an unknown value falls back to its default instead of
 * sending the server a query it would refuse with 400.
 */
export function parseOrderListView(params: URLSearchParams): OrderListView {
  const status = params.get('status') ?? '';
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    status: STATUS_FILTERS.includes(status) ? (status as OrderStatusFilter) : DEFAULT_ORDER_LIST_VIEW.status,
    page: parsePage(params.get('page')),
  };
}

/** Defaults are left out so the plain /admin/orders link and the default view are the same URL. */
export function orderListViewToSearchParams(view: OrderListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.status !== DEFAULT_ORDER_LIST_VIEW.status) params.set('status', view.status);
  if (view.page !== DEFAULT_ORDER_LIST_VIEW.page) params.set('page', String(view.page));
  return params;
}

/** The API query (GET /api/admin/orders): no status means every status, and an empty search is not sent. */
export function orderListViewToQuery(view: OrderListView): OrderListQuery {
  return { ...(view.q ? { q: view.q } : {}), ...(view.status === 'all' ? {} : { status: view.status }), page: view.page };
}

/** The last page that holds rows (at least 1), for moving off a page left past the end. */
export function lastOrderPage(total: number, pageSize: number = ORDER_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
