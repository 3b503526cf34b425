import { useQuery } from '@tanstack/react-query';
import { formatDateTimeWib } from '../../../domain/format';
import { MESSAGES } from '../../../domain/messages';
import type { OrderAdminDetail } from '../../../domain/orders';
import { Badge } from '../../components/ui/badge';
import { Skeleton } from '../../components/ui/skeleton';
import { retryServerErrors } from '../../lib/api-errors';
import { DetailSection } from './detail-section';
import { fetchOrderActivity, orderKeys } from './orders-api';

/** Riwayat: every change of the order in the words the server gives it, oldest first. */
export function TimelineCard({ order }: { order: OrderAdminDetail }) {
  return (
    <DetailSection title="Riwayat">
      <ol className="space-y-3 border-l-2 border-slate-200 pl-4" aria-label="Riwayat pesanan">
        {order.timeline.map((entry, index) => (
          <li key={`${entry.at}-${index}`} className="text-sm" data-testid="timeline-entry">
            <p className="font-medium text-slate-900">{entry.label}</p>
            {entry.detail && <p className="text-slate-700 [overflow-wrap:anywhere]">{entry.detail}</p>}
            <time dateTime={entry.at} className="text-xs text-slate-600">
              {formatDateTimeWib(entry.at)}
            </time>
          </li>
        ))}
      </ol>
    </DetailSection>
  );
}

/** The Indonesian names of the audit actions an order's trail holds; any other is shown by its code. */
const ORDER_ACTION_LABELS: Record<string, string> = {
  order_create: 'Pesanan dibuat',
  order_payment_confirmed: 'Pembayaran dikonfirmasi',
  order_cancelled: 'Pesanan dibatalkan',
  order_expired: 'Pesanan kedaluwarsa',
  order_payment_notification: 'Notifikasi pembayaran',
  order_packed: 'Pesanan dikemas',
  order_shipped: 'Pesanan dikirim',
  order_delivered: 'Pesanan diterima',
};

/** Aktivitas: the order's audit entries, newest first, as the merchant detail shows a merchant's. */
export function ActivityCard({ orderId }: { orderId: string }) {
  const activity = useOrderActivity(orderId);
  return (
    <DetailSection title="Aktivitas" className="lg:col-span-2">
      <ActivityBody activity={activity} />
    </DetailSection>
  );
}

function useOrderActivity(orderId: string) {
  return useQuery({
    queryKey: orderKeys.activity(orderId),
    queryFn: ({ signal }) => fetchOrderActivity(orderId, signal),
    retry: retryServerErrors,
  });
}

function ActivityBody({ activity }: { activity: ReturnType<typeof useOrderActivity> }) {
  if (activity.isPending) {
    return (
      <div className="space-y-3" aria-busy>
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  // As on the merchant detail: an audit load failure is said plainly, not raised as an error.
  if (activity.isError) return <p className="text-sm text-slate-600">Aktivitas tidak dapat dimuat. Coba lagi nanti.</p>;
  if (activity.data.length === 0) return <p className="py-6 text-center text-sm text-slate-600">{MESSAGES.emptyActivity}</p>;
  return (
    <ol className="space-y-3" aria-label="Aktivitas pesanan">
      {activity.data.map((entry) => (
        <li key={entry.id} className="rounded-lg border border-slate-200 p-3" data-testid="activity-entry">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <Badge className="whitespace-nowrap font-mono" colours="bg-slate-100 text-slate-800" title={ORDER_ACTION_LABELS[entry.action]}>
              {entry.action}
            </Badge>
            {ORDER_ACTION_LABELS[entry.action] && <span>{ORDER_ACTION_LABELS[entry.action]}</span>}
            <span className="font-medium">{entry.actor_email ?? 'System'}</span>
            <time dateTime={entry.created_at} className="text-slate-600">
              {formatDateTimeWib(entry.created_at)}
            </time>
          </div>
          {entry.diff !== null && entry.diff !== undefined && (
            // Not a scrolling box (which would need to take focus): an order's diffs are a few lines.
            <pre className="mt-2 whitespace-pre-wrap break-all rounded-lg bg-slate-900 p-3 font-mono text-xs text-slate-100">
              {JSON.stringify(entry.diff, null, 2)}
            </pre>
          )}
        </li>
      ))}
    </ol>
  );
}
