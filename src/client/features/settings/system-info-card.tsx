import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useSystemInfo } from './settings-api';

const ENVIRONMENTS: Record<string, string> = { production: 'Production', development: 'Development', test: 'Test' };

/** Read from the running server, not written into the page. */
export function SystemInfoCard() {
  const { data, isError } = useSystemInfo();
  const rows: [string, string | undefined][] = [
    ['Versi', data?.version],
    ['Database', data?.database],
    ['Penyimpanan', data?.storage],
    ['Lingkungan', data ? (ENVIRONMENTS[data.environment] ?? data.environment) : undefined],
    // Files a purge could not delete yet: the retention job retries them; more than zero for long needs a look at the storage.
    ['Penghapusan file tertunda', data ? String(data.pending_deletions) : undefined],
  ];
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Informasi Sistem</h2>
      {isError ? (
        <p className="mt-3 text-sm text-red-600">Informasi sistem tidak dapat dimuat.</p>
      ) : (
        <dl className="mt-3 divide-y divide-slate-100 text-sm" aria-label="Informasi sistem">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-2">
              <dt className="text-slate-500">{label}</dt>
              <dd className="text-right font-medium">{value ?? <Skeleton className="h-4 w-32" />}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
