import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useSearchParams, type SetURLSearchParams } from 'react-router';
import { updateListView } from './list-view';

type UrlListOptions<View, Query, Page> = {
  /** `state`: the history entry's state, for what a screen keeps out of the URL (see toState). */
  parse: (params: URLSearchParams, state: unknown) => View;
  toSearchParams: (view: View) => URLSearchParams;
  /** What the history entry keeps beside the URL: a back step or a reload still finds it, a link never. */
  toState?: (view: View) => unknown;
  /** A query fetched once and not again by itself (focus, reconnection): each fetch of it counts. */
  fetchOnce?: (query: Query) => boolean;
  toQuery: (view: View) => Query;
  queryKey: (query: Query) => QueryKey;
  fetch: (query: Query, signal: AbortSignal) => Promise<Page>;
  retry: (failureCount: number, error: unknown) => boolean;
};

/**
 * A server-paged list whose view lives in the URL: a reload or a shared link shows the same page of the
 * same search. The old page stays on screen while the next loads, so the table does not flash empty.
 */
export function useUrlList<View extends { q: string; page: number }, Query, Page>(options: UrlListOptions<View, Query, Page>) {
  const [searchParams, setParams] = useSearchParams();
  const { state, pathname } = useLocation();
  // A link away from the list is followed at once in the address bar, while this screen stays up until the
  // next one has loaded: a search typed just before (its pause not over yet) would land now and take the
  // admin back to the list. Once the address is another page's, the list changes nothing.
  const setSearchParams = useCallback<SetURLSearchParams>(
    (...args) => {
      if (window.location.pathname === pathname) setParams(...args);
    },
    [pathname, setParams],
  );
  const view = options.parse(searchParams, state);
  const query = options.toQuery(view);
  const once = options.fetchOnce?.(query) ?? false;
  const result = useQuery({
    queryKey: options.queryKey(query),
    queryFn: ({ signal }) => options.fetch(query, signal),
    placeholderData: keepPreviousData,
    retry: options.retry,
    ...(once ? { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false } : {}),
  });
  const setView = (change: Partial<View>) => {
    const next = updateListView(view, change);
    // Typing a search replaces the history entry; paging and filters are steps the back button undoes.
    setSearchParams(options.toSearchParams(next), { replace: change.q !== undefined, state: options.toState?.(next) });
  };
  return { view, setView, result, setSearchParams };
}
