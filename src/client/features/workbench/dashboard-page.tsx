import { MERCHANT_STATUSES, STATUS_LABELS } from '../../../domain/vocabularies';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { usePageTitle } from '../../lib/use-page-title';
import { useLiveMerchantUpdates } from '../merchants/public';
import { DailyChart } from './daily-chart';
import { useAdminStats } from './overdue-count';
import { WaitingAndReviewers } from './reviewer-table';

/** 1.5 hari kerja; a missing figure (no decision in 30 days) is a dash. */
function workingDays(value: number | null): string {
  if (value === null) return '–';
  return `${value.toLocaleString('id-ID', { maximumFractionDigits: 1 })} hari kerja`;
}

/** /admin/dashboard: the counts, the last 30 days and how fast decisions come (GET /api/admin/stats). */
export function DashboardPage() {
  usePageTitle('Dashboard');
  useLiveMerchantUpdates();
  const stats = useAdminStats();
  const data = stats.data;
  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      {stats.isError && !data && (
        <p role="alert" className="text-red-700">
          Statistik tidak dapat dimuat.
        </p>
      )}
      {!data ? (
        !stats.isError && <Skeleton className="h-96 w-full" />
      ) : (
        <>
          <section aria-label="Jumlah merchant" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            {MERCHANT_STATUSES.map((status) => (
              <Figure key={status} label={STATUS_LABELS[status]} value={data.by_status[status].toLocaleString('id-ID')} />
            ))}
            <Figure label="Terlambat (lebih dari 3 hari kerja)" value={data.overdue.toLocaleString('id-ID')} alert={data.overdue > 0} />
          </section>
          <Card className="p-6">
            <h2 className="mb-4 text-lg font-semibold">30 hari terakhir</h2>
            <DailyChart days={data.per_day} />
          </Card>
          <section aria-labelledby="waktu-keputusan" className="grid gap-4 sm:grid-cols-2">
            <h2 id="waktu-keputusan" className="text-lg font-semibold sm:col-span-2">
              Waktu dari pendaftaran sampai keputusan pertama (30 hari terakhir)
            </h2>
            <Figure label="Median" value={workingDays(data.decision_working_days.median)} />
            <Figure label="Persentil ke-90" value={workingDays(data.decision_working_days.p90)} />
          </section>
          <WaitingAndReviewers stats={data} />
        </>
      )}
    </main>
  );
}

function Figure({ label, value, alert = false }: { label: string; value: string; alert?: boolean }) {
  return (
    <Card tone={alert ? 'warning' : 'default'} className="p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className={`mt-1 text-2xl font-bold tabular-nums ${alert ? 'text-red-800' : ''}`}>{value}</p>
    </Card>
  );
}
