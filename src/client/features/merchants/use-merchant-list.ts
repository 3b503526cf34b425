import { useEffect } from 'react';
import { useUrlList } from '../../components/list/use-url-list';
import { toast } from '../../lib/toast';
import { MESSAGES } from '../../../domain/messages';
import { lastPage, listViewToQuery, listViewToSearchParams, parseListView } from './list-params';
import { fetchMerchantList, isUnauthorized, merchantKeys, retryServerErrors } from './merchant-api';

/** The merchant list, its view in the URL (search, status, sort, page, page size). */
export function useMerchantList() {
  const { view, setView, result, setSearchParams } = useUrlList({
    parse: parseListView,
    toSearchParams: listViewToSearchParams,
    toQuery: listViewToQuery,
    queryKey: merchantKeys.list,
    fetch: fetchMerchantList,
    retry: retryServerErrors,
  });

  const { error, errorUpdatedAt } = result;
  useEffect(() => {
    if (error && !isUnauthorized(error)) toast.error(MESSAGES.listLoadFailed, { id: 'merchant-list-error' });
  }, [error, errorUpdatedAt]);

  // A page left past the end (the last rows were deleted, or an old link) moves to the last page. A
  // capped total is a floor, not the end: pages past it hold rows.
  const total = result.data?.total_capped ? undefined : result.data?.total;
  const maxPage = total === undefined ? undefined : lastPage(total, view.page_size);
  const { page } = view;
  useEffect(() => {
    if (maxPage !== undefined && !result.isPlaceholderData && page > maxPage) {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.set('page', String(maxPage));
        if (maxPage === 1) next.delete('page');
        // The cursor belonged to the page asked for; the last page is found by its number.
        next.delete('after');
        next.delete('before');
        return next;
      }, { replace: true });
    }
  }, [maxPage, page, result.isPlaceholderData, setSearchParams]);

  return { view, setView, result };
}
