import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { fetchStats, workbenchKeys } from './workbench-api';

/** Refreshed by the live merchant events too (the key is under merchantKeys.all); this is the fallback. */
const REFRESH_MS = 5 * 60_000;

export function useAdminStats() {
  // Nobody asked for these numbers (the header shows them on every screen): they never extend the session.
  return useQuery({
    queryKey: workbenchKeys.stats(),
    queryFn: ({ signal }) => fetchStats(signal, { background: true }),
    refetchInterval: REFRESH_MS,
  });
}

/** The header's reminder of the promise: how many merchants wait longer than 3 working days. */
export function OverdueCount() {
  const stats = useAdminStats();
  const overdue = stats.data?.overdue;
  if (overdue === undefined) return null;
  return (
    <Link
      to="/admin"
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600 ${overdue > 0 ? 'bg-red-100 text-red-800' : 'bg-green-100 text-green-800'}`}
      data-testid="overdue-count"
      aria-label={`${overdue} terlambat: merchant yang menunggu keputusan lebih dari 3 hari kerja`}
    >
      <Clock aria-hidden className="size-4" />
      {overdue} terlambat
    </Link>
  );
}
