import { useCallback, useEffect, useMemo, useState } from 'react';
import { API_MESSAGES } from '../../../domain/messages';
import type { ProductList, ProductPublic } from '../../../domain/orders';
import { ApiRequestError } from '../../lib/api-client';
import { fetchProducts } from './product-api';

export type Products = {
  /** The last list the server gave; kept while a reload runs. */
  list: ProductList | null;
  /** The failure of the last attempt, in Indonesian. */
  error: string | null;
  loading: boolean;
  byId: ReadonlyMap<number, ProductPublic>;
  /** Asks again: 'Coba Lagi', or after an order was refused for stock. */
  reload: () => void;
};

/**
 * The server's products for the shop and the checkout. Plain state rather than TanStack Query: /shop is
 * not wrapped in the query client and must not download it (page budgets, decision 0043).
 */
export function useProducts(): Products {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ list: ProductList | null; error: string | null; loading: boolean }>({
    list: null,
    error: null,
    loading: true,
  });

  useEffect(() => {
    const controller = new AbortController();
    fetchProducts(controller.signal).then(
      (list) => setState({ list, error: null, loading: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((current) => ({
          list: current.list,
          error: error instanceof ApiRequestError ? error.message : API_MESSAGES.unavailable,
          loading: false,
        }));
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => {
    setState((current) => ({ ...current, error: null, loading: true }));
    setAttempt((current) => current + 1);
  }, []);
  const byId = useMemo(() => new Map((state.list?.products ?? []).map((product) => [product.id, product])), [state.list]);
  return { ...state, byId, reload };
}
