import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageCircle, RotateCw } from 'lucide-react';
import {
  hasHiddenFixLink,
  MAIL_MESSAGES,
  MAIL_STATE_LABELS,
  mailKindLabel,
  whatsappMessageUrl,
  type ApplicantMessage,
} from '../../../domain/applicant-mail';
import { formatDateTimeWib } from '../../../domain/format';
import { Badge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { retryServerErrors, serverMessage } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { fetchMerchantMessages, merchantKeys, resendMerchantMessage } from './merchant-api';

const STATE_COLOURS: Record<ApplicantMessage['state'], string> = {
  pending: 'bg-amber-100 text-amber-800',
  sent: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
  skipped: 'bg-slate-200 text-slate-700',
};

/** Tab Pesan: every e-mail to this applicant, its state, and the WhatsApp copy for the admin's own phone. */
export function MerchantMessagesTab({ merchantId, noHp }: { merchantId: string; noHp: string }) {
  const queryClient = useQueryClient();
  const messages = useQuery({
    queryKey: merchantKeys.messages(merchantId),
    queryFn: ({ signal }) => fetchMerchantMessages(merchantId, signal),
    retry: retryServerErrors,
    // A pending message changes state on the server's own schedule.
    refetchInterval: (query) => (query.state.data?.some((m) => m.state === 'pending') ? 3000 : false),
  });
  const resend = useMutation({
    mutationFn: (messageId: string) => resendMerchantMessage(merchantId, messageId),
    onSuccess: () => {
      toast.success(MAIL_MESSAGES.resent);
      return queryClient.invalidateQueries({ queryKey: merchantKeys.messages(merchantId) });
    },
    onError: (error) => toast.error(serverMessage(error) ?? MAIL_MESSAGES.resendFailed),
  });

  if (messages.isPending) return <Skeleton className="h-24 w-full" />;
  if (messages.isError) return <p className="text-sm text-slate-500">Pesan tidak dapat dimuat. Coba lagi nanti.</p>;
  if (messages.data.length === 0) return <p className="py-8 text-center text-sm text-slate-500">Belum ada pesan untuk merchant ini.</p>;

  return (
    <ol className="space-y-4" aria-label="Pesan ke pendaftar">
      {messages.data.map((message) => (
        <li key={message.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="applicant-message">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <Badge colours={STATE_COLOURS[message.state]}>{MAIL_STATE_LABELS[message.state]}</Badge>
            <span className="font-medium">{mailKindLabel(message.kind)}</span>
            <time dateTime={message.created_at} className="text-slate-500">
              {formatDateTimeWib(message.created_at)}
            </time>
            <span className="text-slate-500">Percobaan: {message.attempts}</span>
          </div>
          <p className="mt-2 text-sm font-medium">{message.subject}</p>
          <p className="text-xs text-slate-500">Kepada: {message.to}</p>
          {message.last_error && <p className="mt-1 text-xs text-red-700">Galat terakhir: {message.last_error}</p>}
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-brand-700">Lihat isi pesan</summary>
            <pre className="mt-2 whitespace-pre-wrap font-sans text-sm text-slate-700">{message.text}</pre>
          </details>
          <div className="mt-3 flex flex-wrap gap-2">
            <a
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
              href={whatsappMessageUrl(noHp, message.text)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <MessageCircle aria-hidden /> {MAIL_MESSAGES.whatsapp}
            </a>
            {(message.state === 'failed' || message.state === 'skipped') && hasHiddenFixLink(message.text) && (
              <p className="text-xs text-slate-500">{MAIL_MESSAGES.fixLinkGone}</p>
            )}
            {(message.state === 'failed' || message.state === 'skipped') && !hasHiddenFixLink(message.text) && (
              <Button size="sm" variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate(message.id)}>
                <RotateCw aria-hidden /> Kirim ulang
              </Button>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
