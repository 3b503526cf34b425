import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import type { MerchantSort } from '../../../domain/merchants';
import { MERCHANT_STATUSES, STATUS_LABELS } from '../../../domain/vocabularies';
import { SearchInput } from '../../components/search-input';
import { Button } from '../../components/ui/button';
import { NativeSelect } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { ExportButton } from './export-button';
import type { MerchantListView, StatusFilter } from './list-params';

const SORT_LABELS: Record<MerchantSort, string> = {
  newest: 'Terbaru',
  oldest: 'Terlama',
  nama_toko: 'Nama Toko (A-Z)',
  status: 'Status',
};

type MerchantListToolbarProps = {
  view: MerchantListView;
  onChange: (change: Partial<MerchantListView>) => void;
  onRefresh: () => void;
  refreshing: boolean;
};

export function MerchantListToolbar({ view, onChange, onRefresh, refreshing }: MerchantListToolbarProps) {
  const ids = { search: useId(), status: useId(), sort: useId() };
  return (
    <div role="search" className="flex flex-wrap items-end gap-3">
      <div className="min-w-64 flex-1">
        <label htmlFor={ids.search} className="sr-only">
          Cari merchant
        </label>
        <SearchInput id={ids.search} name="q" value={view.q} onSearch={(q) => onChange({ q })} placeholder="Cari nama, email, no HP, atau kode..." maxLength={100} />
      </div>
      <div className="w-52">
        <label htmlFor={ids.status} className="mb-1 block text-xs font-medium text-slate-600">
          Status
        </label>
        <NativeSelect id={ids.status} name="status" value={view.status} onChange={(event) => onChange({ status: event.target.value as StatusFilter })}>
          <option value="all">Semua Status</option>
          {MERCHANT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="w-44">
        <label htmlFor={ids.sort} className="mb-1 block text-xs font-medium text-slate-600">
          Urutkan
        </label>
        <NativeSelect id={ids.sort} name="sort" value={view.sort} onChange={(event) => onChange({ sort: event.target.value as MerchantSort })}>
          {Object.entries(SORT_LABELS).map(([sort, label]) => (
            <option key={sort} value={sort}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button variant="secondary" onClick={onRefresh} disabled={refreshing} aria-label="Refresh daftar merchant">
        <RefreshCw aria-hidden className={cn(refreshing && 'animate-spin')} /> Refresh
      </Button>
      <ExportButton view={view} />
    </div>
  );
}
