import { useLiveRefresh } from '../../lib/use-live-refresh';
import { merchantKeys } from './merchant-api';

const LIVE_KEYS = [merchantKeys.all];

/**
 * docs/spec.md §2: the list and an open detail screen refresh by themselves when any merchant changes. The stream
 * announces `event: merchant` with the kind and the id, never personal data.
 */
export function useLiveMerchantUpdates(): void {
  useLiveRefresh('merchant', LIVE_KEYS);
}
