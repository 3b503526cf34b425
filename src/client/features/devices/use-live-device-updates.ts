import { useLiveRefresh } from '../../lib/use-live-refresh';
import { deviceKeys } from './devices-api';

const LIVE_KEYS = [deviceKeys.all];

/** Devices change only with their order (packed, shipped, received): the order's event refreshes them. */
export function useLiveDeviceUpdates(): void {
  useLiveRefresh('order', LIVE_KEYS);
}
