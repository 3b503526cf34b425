import { useQuery } from '@tanstack/react-query';
import type { FulfilmentItem } from '../../../domain/orders';
import { PageHeading } from '../../components/layout/page-heading';
import { ColumnTable, timeColumn, type ColumnTableSpec } from '../../components/list/column-table';
import { RefreshButton } from '../../components/list/refresh-button';
import { retryServerErrors } from '../../lib/api-errors';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';
import { usePageTitle } from '../../lib/use-page-title';
import { orderColumns } from './order-columns';
import { OrderStatusBadge } from './order-status-badge';
import { ORDER_TEXTS } from './order-texts';
import { fetchFulfilment, orderKeys } from './orders-api';
import { useLiveOrderUpdates } from './use-live-order-updates';

const FULFILMENT_TABLE: ColumnTableSpec<FulfilmentItem> = {
  label: 'Pesanan untuk dikemas dan dikirim',
  item: 'order',
  messages: { failed: ORDER_TEXTS.fulfilmentLoadFailed, empty: ORDER_TEXTS.emptyFulfilment },
  columns: orderColumns(
    { header: 'Kota', cell: (order) => order.kota_kab },
    { header: 'Item', className: 'tabular-nums', cell: (order) => order.jumlah_item },
    timeColumn('Dibayar', (order) => order.paid_at),
    { header: 'Status', cell: (order) => <OrderStatusBadge status={order.status} /> },
  ),
};

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
  useLoadErrorToast(fulfilment, ORDER_TEXTS.fulfilmentLoadFailed);

  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <PageHeading title={title} actions={<RefreshButton list={fulfilment} label="Refresh daftar pengiriman" />}>
        Pesanan yang sudah dibayar dari merchant terverifikasi: siap dikemas dan sudah dikemas, yang terlama dibayar di atas.
      </PageHeading>
      <ColumnTable {...FULFILMENT_TABLE} items={fulfilment.data} loading={fulfilment.isPending} />
    </main>
  );
}
