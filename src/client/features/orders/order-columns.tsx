import { Link } from 'react-router';
import type { OrderListItem } from '../../../domain/orders';
import type { Column } from '../../components/list/column-table';

type OrderRef = Pick<OrderListItem, 'id' | 'kode_pesanan' | 'nama_toko' | 'kode_pendaftaran'>;

/** The columns of an admin table of orders: the order code, linked to its detail page, and the shop first. */
export function orderColumns<Order extends OrderRef>(...own: Column<Order>[]): Column<Order>[] {
  return [
    {
      header: 'Kode Pesanan',
      className: 'whitespace-nowrap font-mono text-xs font-medium',
      cell: (order) => (
        <Link
          to={`/admin/orders/${encodeURIComponent(order.id)}`}
          className="rounded hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {order.kode_pesanan}
        </Link>
      ),
    },
    {
      header: 'Toko',
      cell: (order) => (
        <>
          <div className="font-medium">{order.nama_toko}</div>
          <div className="font-mono text-xs text-slate-600">{order.kode_pendaftaran}</div>
        </>
      ),
    },
    ...own,
  ];
}
