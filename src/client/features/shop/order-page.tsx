import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { OrderCreateResponse, OrderPublic } from '../../../domain/orders';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiRequestError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { loadOrderAccess, orderPagePath, saveOrderAccess } from './order-access';
import { failureText, fetchOrder } from './order-api';
import { OrderLookup } from './order-lookup';

// The details (payment, shipment, timeline) paint only with the order's answer: their chunk is fetched
// beside that answer, not with the page, which first shows a skeleton or the lookup form (page budgets, decision 0043).
const loadDetails = () => import('./order-details');
const OrderDetails = lazy(async () => ({ default: (await loadDetails()).OrderDetails }));

/** A 4xx answer (wrong token, unknown order) will not change by asking again. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

/** The server hides an order behind a wrong token as if it did not exist (404). */
function isRefused(error: unknown): boolean {
  return error instanceof ApiRequestError && [401, 403, 404].includes(error.status);
}

function OrderSkeleton() {
  return (
    <div className="space-y-4" role="status" aria-busy="true" aria-label="Memuat pesanan">
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

function OrderScreen({ kode, urlToken }: { kode: string; urlToken: string | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => urlToken ?? loadOrderAccess(kode));

  useEffect(() => {
    // Kept per order in this tab, then dropped from the address: out of the history, shared links and
    // the Referer of the payment page. Kept nowhere (storage disabled): the address keeps it for reloads.
    if (urlToken && saveOrderAccess(kode, urlToken)) void navigate(orderPagePath(kode), { replace: true });
  }, [kode, urlToken, navigate]);

  useEffect(() => {
    if (token !== null) void loadDetails();
  }, [token]);

  const order = useQuery({
    queryKey: ['order', kode, token],
    queryFn: ({ signal }) => fetchOrder(kode, token!, signal),
    enabled: token !== null,
    retry: shouldRetry,
    staleTime: 0,
  });

  const found = (answer: OrderCreateResponse) => {
    const { akses, ...rest } = answer;
    const kept = saveOrderAccess(rest.kode_pesanan, akses);
    if (rest.kode_pesanan !== kode) {
      void navigate(orderPagePath(rest.kode_pesanan, kept ? undefined : akses));
      return;
    }
    queryClient.setQueryData(['order', kode, akses], rest);
    setToken(akses);
  };

  if (token === null || (order.isError && isRefused(order.error))) return <OrderLookup kode={kode} onFound={found} />;
  const changed = (updated: OrderPublic) => queryClient.setQueryData(['order', kode, token], updated);
  if (order.data) {
    return (
      <Suspense fallback={<OrderSkeleton />}>
        <OrderDetails
          order={order.data}
          token={token}
          refreshing={order.isFetching}
          onReload={() => void order.refetch()}
          onChanged={changed}
        />
      </Suspense>
    );
  }
  if (order.isError) {
    return (
      <Card tone="warning" className="flex flex-col items-start gap-3 p-5" role="alert">
        <p className="flex items-start gap-2 text-amber-900">
          <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0" /> Gagal memuat pesanan. {failureText(order.error)}
        </p>
        <Button variant="secondary" onClick={() => void order.refetch()}>
          <RefreshCw aria-hidden /> Coba Lagi
        </Button>
      </Card>
    );
  }
  return <OrderSkeleton />;
}

/** /pesanan/:kode?t=<akses>: the buyer's order page (README, The shop). */
export function OrderPage() {
  const { kode: raw = '' } = useParams();
  const kode = raw.trim().toUpperCase();
  usePageTitle(`Pesanan ${kode}`);
  const [searchParams] = useSearchParams();
  const urlToken = searchParams.get('t')?.trim() || null;
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-10">
      {/* Another order (a lookup found a different code) starts afresh with its own token. */}
      <OrderScreen key={kode} kode={kode} urlToken={urlToken} />
    </main>
  );
}
