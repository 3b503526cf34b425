import { useEffect } from 'react';
import { useUrlList } from '../../components/list/use-url-list';
import { isUnauthorized, retryServerErrors } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { lastOrderPage, orderListViewToQuery, orderListViewToSearchParams, parseOrderListView } from './order-list-params';
import { ORDER_TEXTS } from './order-texts';
import { fetchOrderList, orderKeys } from './orders-api';

/** The order list, its view (search, status, page) in the URL. */
export function useOrderList() {
  const { view, setView, result, setSearchParams } = useUrlList({
    parse: parseOrderListView,
    toSearchParams: orderListViewToSearchParams,
    toQuery: orderListViewToQuery,
    queryKey: orderKeys.list,
    fetch: fetchOrderList,
    retry: retryServerErrors,
  });

  const { error, errorUpdatedAt } = result;
  useEffect(() => {
    if (error && !isUnauthorized(error)) toast.error(ORDER_TEXTS.listLoadFailed, { id: 'order-list-error' });
  }, [error, errorUpdatedAt]);

  // A page left past the end (an old link, a narrower search) moves to the last page that holds rows.
  const maxPage = result.data ? lastOrderPage(result.data.total, result.data.page_size) : undefined;
  const { page } = view;
  useEffect(() => {
    if (maxPage !== undefined && !result.isPlaceholderData && page > maxPage) {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (maxPage === 1) next.delete('page');
          else next.set('page', String(maxPage));
          return next;
        },
        { replace: true },
      );
    }
  }, [maxPage, page, result.isPlaceholderData, setSearchParams]);

  return { view, setView, result };
}
