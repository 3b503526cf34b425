import { Copy } from 'lucide-react';
import { SLA_LABELS, type SlaState } from '../../../domain/workbench';
import { Badge } from '../../components/ui/badge';

const SLA_COLOURS: Record<SlaState, string> = {
  on_time: 'bg-green-100 text-green-800',
  due: 'bg-amber-100 text-amber-900',
  overdue: 'bg-red-100 text-red-800',
};

/** How long a merchant in processing has waited against the promise of 1-3 working days. */
export function SlaBadge({ sla, days }: { sla: SlaState | null; days: number | null }) {
  if (sla === null) return null;
  return (
    <Badge className="whitespace-nowrap" colours={SLA_COLOURS[sla]} data-testid="sla-badge" data-sla={sla}>
      {SLA_LABELS[sla]}
      {days !== null && <span className="ml-1 font-normal">· {days} hari kerja</span>}
    </Badge>
  );
}

/** Another merchant shares this one's NIK, account, phone or e-mail: the icon says so to every reader. */
export function DuplicateMark() {
  return (
    <span role="img" aria-label="Kemungkinan duplikat" title="Kemungkinan duplikat" className="inline-flex items-center text-orange-700">
      <Copy aria-hidden className="size-4" />
    </span>
  );
}
