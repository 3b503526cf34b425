import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../domain/orders';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';

// Waiting (amber, orange), the warehouse's work (sky, indigo), on the road (violet), done (green).
const STATUS_COLOURS: Record<OrderStatus, string> = {
  menunggu_pembayaran: 'bg-amber-100 text-amber-900',
  menunggu_verifikasi: 'bg-orange-100 text-orange-900',
  siap_dikemas: 'bg-sky-100 text-sky-900',
  dikemas: 'bg-indigo-100 text-indigo-900',
  dikirim: 'bg-violet-100 text-violet-900',
  diterima: 'bg-green-100 text-green-800',
  kedaluwarsa: 'bg-slate-200 text-slate-800',
  dibatalkan: 'bg-red-100 text-red-800',
};

export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <Badge className={cn('whitespace-nowrap', className)} colours={STATUS_COLOURS[status]} data-testid="order-status" data-status={status}>
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A paid order that was cancelled: the money has to go back, which nobody must overlook. */
export function RefundBadge() {
  return (
    <Badge className="whitespace-nowrap" colours="bg-rose-200 text-rose-900" data-testid="refund-badge">
      Perlu Refund
    </Badge>
  );
}
