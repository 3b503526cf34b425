import { RotateCw } from 'lucide-react';
import { formatDateTimeWib } from '../../../domain/format';
import { WEBHOOK_DELIVERY_STATE_LABELS, WEBHOOK_EVENT_LABELS, type Webhook, type WebhookDeliveryState } from '../../../domain/webhooks';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableHead, TableRow, Td, Th } from '../../components/ui/table';
import { serverMessage } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { WEBHOOK_TEXTS } from './webhook-texts';
import { useResendDelivery, useWebhookDeliveries } from './webhooks-api';

const STATE_COLOURS: Record<WebhookDeliveryState, string> = {
  pending: 'bg-amber-100 text-amber-800',
  sent: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
};

/** One endpoint's delivery log, newest first: event, status, attempts, the last answer and when; 'Kirim Ulang' on each. */
export function WebhookDeliveries({ endpoint }: { endpoint: Webhook }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  const resend = useResendDelivery(endpoint.id);

  if (deliveries.isPending) return <Skeleton className="h-16 w-full" />;
  if (deliveries.isError) return <p className="text-sm text-red-600">{WEBHOOK_TEXTS.deliveriesLoadFailed}</p>;
  if (deliveries.data.length === 0) return <p className="py-4 text-sm text-slate-600">{WEBHOOK_TEXTS.deliveriesEmpty}</p>;

  return (
    <Table label={WEBHOOK_TEXTS.deliveriesTitle(endpoint.url)} data-testid="webhook-deliveries">
      <TableHead>
        <tr>
          <Th>Event</Th>
          <Th>Status</Th>
          <Th>Percobaan</Th>
          <Th>Kode Terakhir</Th>
          <Th>Waktu Terakhir</Th>
          <Th>
            <span className="sr-only">Aksi</span>
          </Th>
        </tr>
      </TableHead>
      <tbody>
        {deliveries.data.map((delivery) => (
          <TableRow key={delivery.id} data-testid="webhook-delivery">
            <Td>
              <span className="font-medium">{WEBHOOK_EVENT_LABELS[delivery.event_type]}</span>
              <span className="block font-mono text-xs text-slate-600">{delivery.event_type}</span>
            </Td>
            <Td>
              <Badge colours={STATE_COLOURS[delivery.state]}>{WEBHOOK_DELIVERY_STATE_LABELS[delivery.state]}</Badge>
              {delivery.last_error && <span className="mt-1 block text-xs text-red-700">{delivery.last_error}</span>}
            </Td>
            <Td>{delivery.attempts}</Td>
            <Td className="font-mono">{delivery.last_status_code ?? '-'}</Td>
            <Td className="whitespace-nowrap">
              {delivery.last_attempt_at ? (
                <time dateTime={delivery.last_attempt_at}>{formatDateTimeWib(delivery.last_attempt_at)}</time>
              ) : (
                '-'
              )}
            </Td>
            <Td>
              <Button
                size="sm"
                variant="secondary"
                disabled={resend.isPending}
                aria-label={`${WEBHOOK_TEXTS.resend} ${delivery.event_type} ${formatDateTimeWib(delivery.created_at)}`}
                onClick={() =>
                  resend.mutate(delivery.id, {
                    onSuccess: () => toast.success(WEBHOOK_TEXTS.resent),
                    onError: (error) => toast.error(WEBHOOK_TEXTS.resendFailed, { description: serverMessage(error) }),
                  })
                }
              >
                <RotateCw aria-hidden /> {WEBHOOK_TEXTS.resend}
              </Button>
            </Td>
          </TableRow>
        ))}
      </tbody>
    </Table>
  );
}
