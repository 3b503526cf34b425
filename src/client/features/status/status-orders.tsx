import { Link } from 'react-router';
import { formatDateTimeWib, formatRupiah } from '../../../domain/format';
import { ORDER_STATUS_LABELS } from '../../../domain/order-texts';
import type { OrderSummary } from '../../../domain/orders';
import { Badge } from '../../components/ui/badge';
import { ORDER_STATUS_COLOURS } from '../../lib/order-status-style';

/**
 * The registration's orders, for the asker with the receipt or e-mail plus phone. Each links
 * to its order page, which asks for the phone unless this tab holds the order's token.
 */
export function StatusOrders({ orders }: { orders: readonly OrderSummary[] }) {
  return (
    <section aria-labelledby="pesanan-anda" className="mt-6 break-inside-avoid">
      <h3 id="pesanan-anda" className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">
        Pesanan Anda
      </h3>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {orders.map((order) => (
          <li key={order.kode_pesanan} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm">
            <div>
              <Link
                to={`/pesanan/${encodeURIComponent(order.kode_pesanan)}`}
                className="font-mono font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {order.kode_pesanan}
              </Link>
              <p className="text-slate-500">{formatDateTimeWib(order.created_at)}</p>
            </div>
            <div className="flex items-center gap-3">
              <span className="font-medium">{formatRupiah(order.total)}</span>
              <Badge colours={ORDER_STATUS_COLOURS[order.status]}>{ORDER_STATUS_LABELS[order.status]}</Badge>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
