import { Link } from 'react-router';
import { formatDateTimeWib, formatRupiah } from '../../../domain/format';
import type { OrderListItem } from '../../../domain/orders';
import { DataTable } from '../../components/list/data-table';
import { TableRow, Td } from '../../components/ui/table';
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
          <Td className="whitespace-nowrap font-mono text-xs font-medium">
            <Link to={`/admin/orders/${encodeURIComponent(order.id)}`} className="rounded hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
              {order.kode_pesanan}
            </Link>
          </Td>
          <Td>
            <div className="font-medium">{order.nama_toko}</div>
            <div className="font-mono text-xs text-slate-600">{order.kode_pendaftaran}</div>
          </Td>
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
