import { useEffect } from 'react';
import { isIdentityTerm } from '../../../domain/identity-search';
import { MESSAGES } from '../../../domain/messages';
import { lastPage } from '../../components/list/list-view';
import { useUrlList } from '../../components/list/use-url-list';
import { retryServerErrors } from '../../lib/api-errors';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';
import {
  DEFAULT_LIST_VIEW,
  listViewToQuery,
  listViewToSearchParams,
  listViewToState,
  parseListView,
  type MerchantListView,
} from './list-params';
import { fetchMerchantList, merchantListKey } from './merchant-api';

/**
 * The merchant list, its view in the URL (search, status, sort, page, page size). `fixed` holds what a
 * screen decides itself (the queue: processing, oldest first): never read from the URL, never written to it.
 */
export function useMerchantList(fixed: Partial<MerchantListView> = {}) {
  const unfixed = Object.fromEntries(Object.keys(fixed).map((key) => [key, DEFAULT_LIST_VIEW[key as keyof MerchantListView]]));
  const { view, setView, result, setSearchParams } = useUrlList({
    parse: (params, state) => ({ ...parseListView(params, state), ...fixed }),
    toSearchParams: (next) => listViewToSearchParams({ ...next, ...unfixed }),
    toState: listViewToState,
    toQuery: listViewToQuery,
    queryKey: merchantListKey,
    fetchOnce: (query) => Boolean(query.q && isIdentityTerm(query.q)),
    fetch: fetchMerchantList,
    retry: retryServerErrors,
  });

  useLoadErrorToast(result, MESSAGES.listLoadFailed);

  // A page left past the end (the last rows were deleted, or an old link) moves to the last page. A
  // capped total is a floor, not the end: pages past it hold rows.
  const total = result.data?.total_capped ? undefined : result.data?.total;
  const maxPage = total === undefined ? undefined : lastPage(total, view.page_size);
  const { page, q } = view;
  useEffect(() => {
    if (maxPage !== undefined && !result.isPlaceholderData && page > maxPage) {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('page', String(maxPage));
          if (maxPage === 1) next.delete('page');
          // The cursor belonged to the page asked for; the last page is found by its number.
          next.delete('after');
          next.delete('before');
          return next;
        },
        { replace: true, state: listViewToState({ q }) },
      );
    }
  }, [maxPage, page, result.isPlaceholderData, setSearchParams, q]);

  return { view, setView, result };
}
