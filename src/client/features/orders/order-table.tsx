import { formatDateTimeWib, formatRupiah } from '../../../domain/format';
import type { OrderListItem } from '../../../domain/orders';
import { DataTable } from '../../components/list/data-table';
import { TableRow, Td } from '../../components/ui/table';
import { OrderCodeCell, OrderShopCell } from './order-cells';
import { OrderStatusBadge, RefundBadge } from './order-status-badge';
import { METHOD_SHORT_LABELS, ORDER_TEXTS } from './order-texts';

const COLUMNS = ['Kode Pesanan', 'Toko', 'Item', 'Total', 'Metode', 'Status', 'Tanggal'] as const;

export function OrderTable({ items, loading }: { items: OrderListItem[] | undefined; loading: boolean }) {
  return (
    <DataTable
      label="Daftar pesanan"
      columns={COLUMNS}
      items={items}
      loading={loading}
      loadingRows={5}
      failedText={ORDER_TEXTS.listLoadFailed}
      emptyText={ORDER_TEXTS.emptyOrders}
      renderRow={(order) => (
        <TableRow key={order.id} data-order-id={order.id}>
          <OrderCodeCell order={order} />
          <OrderShopCell order={order} />
          <Td className="tabular-nums">{order.jumlah_item}</Td>
          <Td className="whitespace-nowrap tabular-nums">{formatRupiah(order.total)}</Td>
          <Td className="whitespace-nowrap">{METHOD_SHORT_LABELS[order.metode_pembayaran]}</Td>
          <Td>
            <div className="flex flex-col items-start gap-1">
              <OrderStatusBadge status={order.status} />
              {order.perlu_refund && <RefundBadge />}
            </div>
          </Td>
          <Td className="whitespace-nowrap">
            <time dateTime={order.created_at}>{formatDateTimeWib(order.created_at)}</time>
          </Td>
        </TableRow>
      )}
    />
  );
}
