import { useLiveRefresh } from '../../lib/use-live-refresh';
import { orderKeys, productKeys } from './orders-api';

const LIVE_KEYS = [orderKeys.all, productKeys.all];

/**
 * The order list, an open order and the product table refresh by themselves on `event: order` (ids only,
 * never personal data): an order's new status also moves the units its products hold.
 */
export function useLiveOrderUpdates(): void {
  useLiveRefresh('order', LIVE_KEYS);
}
