import { useEffect } from 'react';
import { useUrlList } from '../../components/list/use-url-list';
import { retryServerErrors } from '../../lib/api-errors';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';
import { lastOrderPage, orderListParams } from './order-list-params';
import { ORDER_TEXTS } from './order-texts';
import { fetchOrderList, orderKeys } from './orders-api';

/** The order list, its view (search, status, page) in the URL. */
export function useOrderList() {
  const { view, setView, result, setSearchParams } = useUrlList({
    ...orderListParams,
    queryKey: orderKeys.list,
    fetch: fetchOrderList,
    retry: retryServerErrors,
  });

  useLoadErrorToast(result, ORDER_TEXTS.listLoadFailed);

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
