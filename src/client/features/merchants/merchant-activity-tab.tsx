import { useQuery } from '@tanstack/react-query';
import { formatDateTimeWib } from '../../../domain/format';
import { ActivityList } from '../../components/activity-list';
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
  return (
    <ActivityList activity={activity} label="Aktivitas merchant">
      {(entry) => (
        <>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <AuditActionBadge action={entry.action} />
            <span className="font-medium">{entry.actor_label}</span>
            <time dateTime={entry.created_at} className="text-slate-500">
              {formatDateTimeWib(entry.created_at)}
            </time>
          </div>
          <AuditDiff diff={entry.diff} className="mt-3" />
        </>
      )}
    </ActivityList>
  );
}
