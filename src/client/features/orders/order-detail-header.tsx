import { ArrowLeft, BadgeCheck, CircleCheckBig, Package, Truck, XCircle, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateTimeWib } from '../../../domain/format';
import type { OrderAdminDetail } from '../../../domain/orders';
import { Button } from '../../components/ui/button';
import { orderActions, type OrderAction } from './order-actions';
import { OrderStatusBadge, RefundBadge } from './order-status-badge';

type OrderDetailHeaderProps = { order: OrderAdminDetail; onAction: (action: OrderAction) => void };

// The next step of the order is the primary button; cancelling is always the last, in red.
const ACTION_BUTTONS: Record<Exclude<OrderAction, 'cancel'>, { label: string; Icon: LucideIcon }> = {
  payment: { label: 'Konfirmasi Pembayaran', Icon: BadgeCheck },
  pack: { label: 'Kemas', Icon: Package },
  ship: { label: 'Kirim', Icon: Truck },
  deliver: { label: 'Tandai Diterima', Icon: CircleCheckBig },
};

/** The order's h1 and status, and the actions its status allows (the server refuses the others with 409). */
export function OrderDetailHeader({ order, onAction }: OrderDetailHeaderProps) {
  const actions = orderActions(order.status);
  return (
    <header className="space-y-3">
      <Link
        to="/admin/orders"
        className="inline-flex items-center gap-1 rounded text-sm text-slate-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
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
        {actions.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {actions.map((action) => {
              if (action === 'cancel') {
                return (
                  <Button key={action} variant="ghostDanger" className="ring-1 ring-inset ring-red-300" onClick={() => onAction(action)}>
                    <XCircle aria-hidden /> Batalkan Pesanan
                  </Button>
                );
              }
              const { label, Icon } = ACTION_BUTTONS[action];
              return (
                <Button key={action} onClick={() => onAction(action)}>
                  <Icon aria-hidden /> {label}
                </Button>
              );
            })}
          </div>
        )}
      </div>
    </header>
  );
}
