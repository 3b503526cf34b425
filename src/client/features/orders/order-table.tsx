import { formatRupiah } from '../../../domain/format';
import type { OrderListItem } from '../../../domain/orders';
import { ColumnTable, timeColumn, type ColumnTableSpec } from '../../components/list/column-table';
import { orderColumns } from './order-columns';
import { OrderStatusBadge, RefundBadge } from './order-status-badge';
import { METHOD_SHORT_LABELS, ORDER_TEXTS } from './order-texts';

const ORDER_TABLE: ColumnTableSpec<OrderListItem> = {
  label: 'Daftar pesanan',
  item: 'order',
  messages: { failed: ORDER_TEXTS.listLoadFailed, empty: ORDER_TEXTS.emptyOrders },
  columns: orderColumns(
    { header: 'Item', className: 'tabular-nums', cell: (order) => order.jumlah_item },
    { header: 'Total', className: 'whitespace-nowrap tabular-nums', cell: (order) => formatRupiah(order.total) },
    { header: 'Metode', className: 'whitespace-nowrap', cell: (order) => METHOD_SHORT_LABELS[order.metode_pembayaran] },
    {
      header: 'Status',
      cell: (order) => (
        <div className="flex flex-col items-start gap-1">
          <OrderStatusBadge status={order.status} />
          {order.perlu_refund && <RefundBadge />}
        </div>
      ),
    },
    timeColumn('Tanggal', (order) => order.created_at),
  ),
};

export function OrderTable({ items, loading }: { items: OrderListItem[] | undefined; loading: boolean }) {
  return <ColumnTable {...ORDER_TABLE} items={items} loading={loading} />;
}
