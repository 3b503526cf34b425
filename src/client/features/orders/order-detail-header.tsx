import { ArrowLeft, BadgeCheck, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateTimeWib } from '../../../domain/format';
import type { OrderAdminDetail } from '../../../domain/orders';
import { Button } from '../../components/ui/button';
import { OrderStatusBadge, RefundBadge } from './order-status-badge';

type OrderDetailHeaderProps = { order: OrderAdminDetail; onConfirmPayment: () => void; onCancel: () => void };

/** The order's h1 and status, and the actions its status allows (the server refuses the others with 409). */
export function OrderDetailHeader({ order, onConfirmPayment, onCancel }: OrderDetailHeaderProps) {
  const awaiting = order.status === 'menunggu_pembayaran';
  const cancellable = awaiting || order.status === 'dibayar';
  return (
    <header className="space-y-3">
      <Link to="/admin/orders" className="inline-flex items-center gap-1 rounded text-sm text-slate-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
        <ArrowLeft aria-hidden className="size-4" /> Kembali ke Daftar Pesanan
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">
            Pesanan <span className="font-mono">{order.kode_pesanan}</span>
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <OrderStatusBadge status={order.status} />
            {order.perlu_refund && <RefundBadge />}
            <span>
              Dibuat <time dateTime={order.created_at}>{formatDateTimeWib(order.created_at)}</time>
            </span>
          </p>
        </div>
        {cancellable && (
          <div className="flex flex-wrap gap-2">
            {awaiting && (
              <Button onClick={onConfirmPayment}>
                <BadgeCheck aria-hidden /> Konfirmasi Pembayaran
              </Button>
            )}
            <Button variant="ghostDanger" className="ring-1 ring-inset ring-red-300" onClick={onCancel}>
              <XCircle aria-hidden /> Batalkan Pesanan
            </Button>
          </div>
        )}
      </div>
    </header>
  );
}
