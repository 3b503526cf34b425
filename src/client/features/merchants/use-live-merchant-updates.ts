import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { markBackgroundRequests } from '../../lib/api-client';
import { useServerEvents } from '../../lib/use-server-events';
import { merchantKeys } from './merchant-api';

/** What GET /api/admin/events announces: the kind and the id, never personal data. */
export type MerchantEvent = {
  kind: 'created' | 'updated' | 'status_changed' | 'deleted' | 'document_changed';
  merchant_id: string;
};

/** A burst (a seed, a bulk change) becomes one refetch instead of one per event. */
const COALESCE_MS = 250;

/**
 * SPEC §2: the list and an open detail screen refresh by themselves when any merchant changes. Every event,
 * and every reconnection (events may have been missed while the stream was down), marks all merchant
 * queries stale; react-query refetches only the ones on screen.
 */
export function useLiveMerchantUpdates(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refresh = useCallback(() => {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      // Nobody clicked: these refetches must not keep an idle admin signed in.
      markBackgroundRequests();
      void queryClient.invalidateQueries({ queryKey: merchantKeys.all });
    }, COALESCE_MS);
  }, [queryClient]);

  useEffect(() => () => clearTimeout(timer.current), []);

  useServerEvents<MerchantEvent>('/api/admin/events', 'merchant', refresh, refresh);
}
