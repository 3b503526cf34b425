import { ORDER_PAGE_SIZE, ORDER_STATUSES, type OrderStatus } from '../../../domain/orders';
import { statusListParams, type StatusListView } from '../../components/list/status-list-params';

/** The order list as the URL holds it (/admin/orders); its API query is GET /api/admin/orders's. */
export type OrderListView = StatusListView<OrderStatus>;
export type OrderStatusFilter = OrderListView['status'];

/** The API searches up to 100 characters (OrderListQuerySchema). */
export const orderListParams = statusListParams(ORDER_STATUSES, 100);

/** The last page that holds rows (at least 1), for moving off a page left past the end. */
export function lastOrderPage(total: number, pageSize: number = ORDER_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
