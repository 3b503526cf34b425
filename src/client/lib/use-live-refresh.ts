import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { markBackgroundRequests } from './api-client';
import { useServerEvents } from './use-server-events';

/** A burst (a seed, a bulk change, the expiry job) becomes one refetch instead of one per event. */
const COALESCE_MS = 250;

/**
 * Marks these queries stale on every `eventName` of the admin event stream (GET /api/admin/events), and
 * on every reconnection, since events may have been missed while the stream was down. react-query
 * refetches only the queries on screen.
 */
export function useLiveRefresh(eventName: string, queryKeys: readonly QueryKey[]): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const keys = useRef(queryKeys);
  useEffect(() => {
    keys.current = queryKeys;
  });

  const refresh = useCallback(() => {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      // Nobody clicked: these refetches must not keep an idle admin signed in.
      markBackgroundRequests();
      for (const queryKey of keys.current) void queryClient.invalidateQueries({ queryKey });
    }, COALESCE_MS);
  }, [queryClient]);

  useEffect(() => () => clearTimeout(timer.current), []);

  useServerEvents<unknown>('/api/admin/events', eventName, refresh, refresh);
}
