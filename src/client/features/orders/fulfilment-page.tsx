import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { formatDateTimeWib } from '../../../domain/format';
import { DataTable } from '../../components/list/data-table';
import { Button } from '../../components/ui/button';
import { TableRow, Td } from '../../components/ui/table';
import { isUnauthorized, retryServerErrors } from '../../lib/api-errors';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { OrderCodeCell, OrderShopCell } from './order-cells';
import { OrderStatusBadge } from './order-status-badge';
import { ORDER_TEXTS } from './order-texts';
import { fetchFulfilment, orderKeys } from './orders-api';
import { useLiveOrderUpdates } from './use-live-order-updates';

const COLUMNS = ['Kode Pesanan', 'Toko', 'Kota', 'Item', 'Dibayar', 'Status'] as const;

/** /admin/fulfilment ('Pengiriman'): the orders to pack and to ship, the longest waiting first. */
export function FulfilmentPage() {
  const title = 'Pengiriman';
  usePageTitle(title);
  const fulfilment = useQuery({
    queryKey: orderKeys.fulfilment(),
    queryFn: ({ signal }) => fetchFulfilment(signal),
    retry: retryServerErrors,
  });
  // A payment, a merchant's verification or another admin's packing moves an order in or out.
  useLiveOrderUpdates();

  const { error, errorUpdatedAt } = fulfilment;
  useEffect(() => {
    if (error && !isUnauthorized(error)) toast.error(ORDER_TEXTS.fulfilmentLoadFailed, { id: 'fulfilment-error' });
  }, [error, errorUpdatedAt]);

  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">
            Pesanan yang sudah dibayar dari merchant terverifikasi: siap dikemas dan sudah dikemas, yang terlama dibayar di atas.
          </p>
        </div>
        <Button
          variant="secondary"
          onClick={() => void fulfilment.refetch()}
          disabled={fulfilment.isFetching}
          aria-label="Refresh daftar pengiriman"
        >
          <RefreshCw aria-hidden className={cn(fulfilment.isFetching && 'animate-spin')} /> Refresh
        </Button>
      </div>
      <DataTable
        label="Pesanan untuk dikemas dan dikirim"
        columns={COLUMNS}
        items={fulfilment.data}
        loading={fulfilment.isPending}
        loadingRows={5}
        failedText={ORDER_TEXTS.fulfilmentLoadFailed}
        emptyText={ORDER_TEXTS.emptyFulfilment}
        renderRow={(order) => (
          <TableRow key={order.id} data-order-id={order.id}>
            <OrderCodeCell order={order} />
            <OrderShopCell order={order} />
            <Td>{order.kota_kab}</Td>
            <Td className="tabular-nums">{order.jumlah_item}</Td>
            <Td className="whitespace-nowrap">
              <time dateTime={order.paid_at}>{formatDateTimeWib(order.paid_at)}</time>
            </Td>
            <Td>
              <OrderStatusBadge status={order.status} />
            </Td>
          </TableRow>
        )}
      />
    </main>
  );
}
