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

type DayInputProps = Pick<ViewToolbarProps<AuditView>, 'view' | 'onChange'> & { field: 'dari' | 'sampai'; label: string };

function DayInput({ view, onChange, field, label }: DayInputProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <Input id={id} type="date" name={field} value={view[field]} onChange={(event) => onChange({ [field]: event.target.value })} />
    </div>
  );
}

export function AuditToolbar(props: ViewToolbarProps<AuditView>) {
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
      <ToolbarSelect {...props} field="action" label="Aksi" className="w-64" options={ACTION_OPTIONS} />
      <ToolbarSelect {...props} field="admin" label="Admin" className="w-56" options={adminOptions} />
      <DayInput {...props} field="dari" label="Dari tanggal" />
      <DayInput {...props} field="sampai" label="Sampai tanggal" />
    </ListToolbar>
  );
}
