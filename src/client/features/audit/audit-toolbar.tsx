import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { AUDIT_ACTIONS } from '../../../domain/vocabularies';
import { SearchInput } from '../../components/search-input';
import { Button } from '../../components/ui/button';
import { NativeSelect } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { AUDIT_ACTION_LABELS } from './audit-action-badge';
import type { AuditActionFilter, AuditView } from './audit-params';

type AuditToolbarProps = {
  view: AuditView;
  onChange: (change: Partial<AuditView>) => void;
  onRefresh: () => void;
  refreshing: boolean;
};

export function AuditToolbar({ view, onChange, onRefresh, refreshing }: AuditToolbarProps) {
  const ids = { search: useId(), action: useId() };
  return (
    <div role="search" className="flex flex-wrap items-end gap-3">
      <div className="min-w-64 flex-1">
        <label htmlFor={ids.search} className="sr-only">
          Cari log aktivitas
        </label>
        <SearchInput id={ids.search} name="q" value={view.q} onSearch={(q) => onChange({ q })} placeholder="Cari aksi, tabel, email..." maxLength={100} />
      </div>
      <div className="w-64">
        <label htmlFor={ids.action} className="mb-1 block text-xs font-medium text-slate-600">
          Aksi
        </label>
        <NativeSelect id={ids.action} name="action" value={view.action} onChange={(event) => onChange({ action: event.target.value as AuditActionFilter })}>
          <option value="all">Semua Aksi</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]} ({action})
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button variant="secondary" onClick={onRefresh} disabled={refreshing} aria-label="Refresh log aktivitas">
        <RefreshCw aria-hidden className={cn(refreshing && 'animate-spin')} /> Refresh
      </Button>
    </div>
  );
}
