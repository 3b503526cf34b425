import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { AUDIT_ACTIONS } from '../../../domain/audit';
import { ListToolbar, ToolbarSelect, type ViewToolbarProps } from '../../components/list/list-toolbar';
import { Input } from '../../components/ui/input';
import { fetchAdmins } from '../../lib/admin-users';
import { AUDIT_ACTION_LABELS } from './audit-action-badge';
import type { AuditActionFilter, AuditView } from './audit-params';

const ACTION_OPTIONS: readonly { value: AuditActionFilter; label: string }[] = [
  { value: 'all', label: 'Semua Aksi' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: `${AUDIT_ACTION_LABELS[action]} (${action})` })),
];

function DayInput({ label, name, value, onChange }: { label: string; name: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <Input id={id} type="date" name={name} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

export function AuditToolbar(props: ViewToolbarProps<AuditView>) {
  const { view, onChange } = props;
  const admins = useQuery({ queryKey: ['admin', 'admins'], queryFn: ({ signal }) => fetchAdmins(signal), staleTime: 60_000 });
  const adminOptions = [
    { value: '', label: 'Semua Admin' },
    ...(admins.data ?? []).map((admin) => ({ value: admin.id, label: admin.email })),
  ];
  return (
    <ListToolbar
      {...props}
      searchLabel="Cari log aktivitas"
      searchPlaceholder="Cari aksi, tabel, email..."
      refreshLabel="Refresh log aktivitas"
    >
      <ToolbarSelect
        label="Aksi"
        name="action"
        className="w-64"
        value={view.action}
        options={ACTION_OPTIONS}
        onChange={(action) => onChange({ action })}
      />
      <ToolbarSelect
        label="Admin"
        name="admin"
        className="w-56"
        value={view.admin}
        options={adminOptions}
        onChange={(admin) => onChange({ admin })}
      />
      <DayInput label="Dari tanggal" name="dari" value={view.dari} onChange={(dari) => onChange({ dari })} />
      <DayInput label="Sampai tanggal" name="sampai" value={view.sampai} onChange={(sampai) => onChange({ sampai })} />
    </ListToolbar>
  );
}
