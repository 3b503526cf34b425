import { Link } from 'react-router';
import type { OrderListItem } from '../../../domain/orders';
import { Td } from '../../components/ui/table';

type OrderRef = Pick<OrderListItem, 'id' | 'kode_pesanan' | 'nama_toko' | 'kode_pendaftaran'>;

/** The first cell of an admin order row: the order code, linked to its detail page. */
export function OrderCodeCell({ order }: { order: OrderRef }) {
  return (
    <Td className="whitespace-nowrap font-mono text-xs font-medium">
      <Link
        to={`/admin/orders/${encodeURIComponent(order.id)}`}
        className="rounded hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {order.kode_pesanan}
      </Link>
    </Td>
  );
}

/** The shop that ordered: its name over its registration code. */
export function OrderShopCell({ order }: { order: OrderRef }) {
  return (
    <Td>
      <div className="font-medium">{order.nama_toko}</div>
      <div className="font-mono text-xs text-slate-600">{order.kode_pendaftaran}</div>
    </Td>
  );
}
