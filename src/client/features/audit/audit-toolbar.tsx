import { AUDIT_ACTIONS } from '../../../domain/audit-actions';
import { ListToolbar, ToolbarSelect, type ViewToolbarProps } from '../../components/list/list-toolbar';
import { AUDIT_ACTION_LABELS } from './audit-action-badge';
import type { AuditActionFilter, AuditView } from './audit-params';

const ACTION_OPTIONS: readonly { value: AuditActionFilter; label: string }[] = [
  { value: 'all', label: 'Semua Aksi' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: `${AUDIT_ACTION_LABELS[action]} (${action})` })),
];

export function AuditToolbar(props: ViewToolbarProps<AuditView>) {
  const { view, onChange } = props;
  return (
    <ListToolbar
      {...props}
      searchLabel="Cari log aktivitas"
      searchPlaceholder="Cari aksi, tabel, email..."
      refreshLabel="Refresh log aktivitas"
    >
      <ToolbarSelect label="Aksi" name="action" className="w-64" value={view.action} options={ACTION_OPTIONS} onChange={(action) => onChange({ action })} />
    </ListToolbar>
  );
}
