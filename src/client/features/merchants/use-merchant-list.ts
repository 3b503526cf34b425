import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { MESSAGES } from '../../../domain/messages';
import { lastPage, listViewToQuery, listViewToSearchParams, parseListView, updateListView, type MerchantListView } from './list-params';
import { fetchMerchantList, isUnauthorized, merchantKeys, retryServerErrors } from './merchant-api';

/** The list view lives in the URL: a reload or a shared link shows the same page of the same search. */
export function useMerchantList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = parseListView(searchParams);
  const query = listViewToQuery(view);
  const result = useQuery({
    queryKey: merchantKeys.list(query),
    queryFn: ({ signal }) => fetchMerchantList(query, signal),
    // The old page stays on screen while the next loads, so the table does not flash empty.
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });

  const setView = (change: Partial<MerchantListView>) => {
    // Typing a search replaces the history entry; paging and filters are steps the back button undoes.
    setSearchParams(listViewToSearchParams(updateListView(view, change)), { replace: change.q !== undefined });
  };

  const { error, errorUpdatedAt } = result;
  useEffect(() => {
    if (error && !isUnauthorized(error)) toast.error(MESSAGES.listLoadFailed, { id: 'merchant-list-error' });
  }, [error, errorUpdatedAt]);

  // A page left past the end (the last rows were deleted, or an old link) moves to the last page.
  const total = result.data?.total;
  const maxPage = total === undefined ? undefined : lastPage(total, view.page_size);
  const { page } = view;
  useEffect(() => {
    if (maxPage !== undefined && !result.isPlaceholderData && page > maxPage) {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.set('page', String(maxPage));
        if (maxPage === 1) next.delete('page');
        return next;
      }, { replace: true });
    }
  }, [maxPage, page, result.isPlaceholderData, setSearchParams]);

  return { view, setView, result };
}
