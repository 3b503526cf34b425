import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { markBackgroundRequests } from '../../lib/api-client';
import { useServerEvents } from '../../lib/use-server-events';
import { orderKeys, productKeys } from './orders-api';

/** What GET /api/admin/events announces as `event: order`: ids only, never personal data. */
type OrderEvent = { kind: 'order_changed'; merchant_id: string; order_id?: string };

/** A burst (the expiry job closing many orders, a stock race) becomes one refetch instead of one per event. */
const COALESCE_MS = 250;

/**
 * The order list, an open order and the product table refresh by themselves when any order changes: an
 * order's new status also moves the units its products hold. Every reconnection (events may have been
 * missed while the stream was down) does the same; react-query refetches only the queries on screen.
 */
export function useLiveOrderUpdates(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refresh = useCallback(() => {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      // Nobody clicked: these refetches must not keep an idle admin signed in.
      markBackgroundRequests();
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
    }, COALESCE_MS);
  }, [queryClient]);

  useEffect(() => () => clearTimeout(timer.current), []);

  useServerEvents<OrderEvent>('/api/admin/events', 'order', refresh, refresh);
}
