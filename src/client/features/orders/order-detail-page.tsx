import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { isNotFound, retryServerErrors } from '../../lib/api-errors';
import { usePageTitle } from '../../lib/use-page-title';
import { OrderActionDialog } from './order-action-dialog';
import type { OrderAction } from './order-actions';
import { ItemsCard, MerchantCard, ShippingCard } from './order-detail-cards';
import { OrderDetailHeader } from './order-detail-header';
import { FulfilmentCard, hasFulfilment } from './order-fulfilment-card';
import { ActivityCard, TimelineCard } from './order-history-cards';
import { OrderNotFound } from './order-not-found';
import { PaymentCard } from './order-payment-card';
import { ORDER_TEXTS } from './order-texts';
import { fetchOrder, orderKeys } from './orders-api';
import { useLiveOrderUpdates } from './use-live-order-updates';

/** /admin/orders/:id: lines, merchant, shipping, payment, devices, history and audit of one order, and its actions. */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const detail = useQuery({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => fetchOrder(id, signal), retry: retryServerErrors });
  useLiveOrderUpdates();
  const [dialog, setDialog] = useState<OrderAction | null>(null);
  const order = detail.data;
  usePageTitle(order ? `Pesanan ${order.kode_pesanan}` : 'Detail Pesanan');

  if (isNotFound(detail.error)) return <OrderNotFound />;
  if (!order) return detail.isError ? <LoadFailed onRetry={() => void detail.refetch()} retrying={detail.isFetching} /> : <DetailLoading />;

  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <OrderDetailHeader order={order} onAction={setDialog} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ItemsCard order={order} />
        {hasFulfilment(order) && <FulfilmentCard order={order} />}
        <MerchantCard order={order} />
        <ShippingCard order={order} />
        <PaymentCard order={order} />
        <TimelineCard order={order} />
        <ActivityCard orderId={order.id} />
      </div>
      <OrderActionDialog order={order} action={dialog} onClose={() => setDialog(null)} />
    </main>
  );
}

function DetailLoading() {
  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8" aria-busy aria-label="Memuat data pesanan">
      <Skeleton className="h-8 w-72" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-56 lg:col-span-2" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    </main>
  );
}

function LoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <main className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{ORDER_TEXTS.detailLoadFailed}</h1>
      <Button variant="secondary" className="mt-6" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
        <RefreshCw aria-hidden /> Coba Lagi
      </Button>
    </main>
  );
}
