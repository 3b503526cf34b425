import { useQuery } from '@tanstack/react-query';
import { formatDateTimeWib } from '../../../domain/format';
import { MESSAGES } from '../../../domain/messages';
import { Skeleton } from '../../components/ui/skeleton';
import { retryServerErrors } from '../../lib/api-errors';
import { AuditActionBadge, AuditDiff } from '../audit/public';
import { fetchMerchantActivity, merchantKeys } from './merchant-api';

/** Tab Aktivitas: this merchant's audit entries, newest first. */
export function MerchantActivityTab({ merchantId }: { merchantId: string }) {
  const activity = useQuery({
    queryKey: merchantKeys.activity(merchantId),
    queryFn: ({ signal }) => fetchMerchantActivity(merchantId, signal),
    retry: retryServerErrors,
  });

  if (activity.isPending) {
    return (
      <div className="space-y-3" aria-busy>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  // docs/spec.md §8: audit load failures are not an error for the admin; the tab says so plainly.
  if (activity.isError) return <p className="text-sm text-slate-500">Aktivitas tidak dapat dimuat. Coba lagi nanti.</p>;
  if (activity.data.length === 0) return <p className="py-8 text-center text-sm text-slate-500">{MESSAGES.emptyActivity}</p>;

  return (
    <ol className="space-y-4" aria-label="Aktivitas merchant">
      {activity.data.map((entry) => (
        <li key={entry.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="activity-entry">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <AuditActionBadge action={entry.action} />
            <span className="font-medium">{entry.actor_label}</span>
            <time dateTime={entry.created_at} className="text-slate-500">
              {formatDateTimeWib(entry.created_at)}
            </time>
          </div>
          <AuditDiff diff={entry.diff} className="mt-3" />
        </li>
      ))}
    </ol>
  );
}
