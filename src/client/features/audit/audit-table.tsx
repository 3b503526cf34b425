import { ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import type { AuditEntry } from '../../../domain/audit';
import { formatDateTimeWib } from '../../../domain/format';
import { MESSAGES } from '../../../domain/messages';
import { DataTable } from '../../components/list/data-table';
import { Button } from '../../components/ui/button';
import { TableRow, Td } from '../../components/ui/table';
import { AuditActionBadge } from './audit-action-badge';
import { AuditDiff } from './audit-diff';

const COLUMNS = ['Waktu', 'Admin', 'Aksi', 'Tabel', 'Detail'] as const;

type AuditTableProps = { items: AuditEntry[] | undefined; loading: boolean };

export function AuditTable({ items, loading }: AuditTableProps) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <DataTable
      label="Log aktivitas"
      columns={COLUMNS}
      items={items}
      loading={loading}
      failedText="Log aktivitas tidak dapat dimuat. Coba lagi."
      emptyText={MESSAGES.emptyAudit}
      renderRow={(entry) => {
        const expanded = open.has(entry.id);
        const diffId = `audit-diff-${entry.id}`;
        return (
          <Fragment key={entry.id}>
            <TableRow data-audit-id={entry.id} joined={expanded}>
              <Td className="whitespace-nowrap">
                <time dateTime={entry.created_at}>{formatDateTimeWib(entry.created_at)}</time>
              </Td>
              <Td className="break-all">{entry.actor_label}</Td>
              <Td>
                <AuditActionBadge action={entry.action} />
              </Td>
              <Td>
                <Target entry={entry} />
              </Td>
              <Td>
                <Button variant="ghost" size="sm" aria-expanded={expanded} aria-controls={diffId} onClick={() => toggle(entry.id)}>
                  {expanded ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
                  {expanded ? 'Sembunyikan' : 'Lihat detail'}
                </Button>
              </Td>
            </TableRow>
            {expanded && (
              <tr className="border-b border-slate-100">
                <td colSpan={COLUMNS.length} className="px-4 pb-4">
                  <AuditDiff id={diffId} diff={entry.diff} />
                </td>
              </tr>
            )}
          </Fragment>
        );
      }}
    />
  );
}

/** The table name, and for a merchant a link to it (a deleted one answers 'Merchant tidak ditemukan'). */
function Target({ entry }: { entry: AuditEntry }) {
  return (
    <div>
      <span className="font-mono text-xs">{entry.target_table}</span>
      {entry.target_table === 'merchants' && entry.target_id && (
        <Link to={`/admin/merchants/${encodeURIComponent(entry.target_id)}`} className="block text-xs text-brand-700 hover:underline">
          Lihat merchant
        </Link>
      )}
    </div>
  );
}
