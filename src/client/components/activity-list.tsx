import type { ReactNode } from 'react';
import { MESSAGES } from '../../domain/messages';
import { Skeleton } from './ui/skeleton';

type ActivityListProps<Entry> = {
  /** The audit entries' query, newest first. */
  activity: { isPending: boolean; isError: boolean; data: readonly Entry[] | undefined };
  /** The list's accessible name. */
  label: string;
  /** One entry's content inside its card. */
  children: (entry: Entry) => ReactNode;
};

/**
 * An audit trail as cards, one per entry. docs/spec.md §8: a load failure is not an error for the admin;
 * the list says so plainly.
 */
export function ActivityList<Entry extends { id: number }>({ activity, label, children }: ActivityListProps<Entry>) {
  if (activity.isPending) {
    return (
      <div className="space-y-3" aria-busy>
        {[0, 1].map((row) => (
          <Skeleton key={row} className="h-24 w-full" />
        ))}
      </div>
    );
  }
  const entries = activity.isError ? undefined : activity.data;
  if (!entries) return <p className="text-sm text-slate-500">Aktivitas tidak dapat dimuat. Coba lagi nanti.</p>;
  if (entries.length === 0) return <p className="py-8 text-center text-sm text-slate-500">{MESSAGES.emptyActivity}</p>;
  return (
    <ol className="space-y-4" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="activity-entry">
          {children(entry)}
        </li>
      ))}
    </ol>
  );
}
