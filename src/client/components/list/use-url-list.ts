import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { updateListView } from './list-view';

type UrlListOptions<View, Query, Page> = {
  parse: (params: URLSearchParams) => View;
  toSearchParams: (view: View) => URLSearchParams;
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
  const [searchParams, setSearchParams] = useSearchParams();
  const view = options.parse(searchParams);
  const query = options.toQuery(view);
  const result = useQuery({
    queryKey: options.queryKey(query),
    queryFn: ({ signal }) => options.fetch(query, signal),
    placeholderData: keepPreviousData,
    retry: options.retry,
  });
  const setView = (change: Partial<View>) => {
    // Typing a search replaces the history entry; paging and filters are steps the back button undoes.
    setSearchParams(options.toSearchParams(updateListView(view, change)), { replace: change.q !== undefined });
  };
  return { view, setView, result, setSearchParams };
}
