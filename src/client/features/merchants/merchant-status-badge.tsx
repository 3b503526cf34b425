import { normalizeStatus, STATUS_LABELS, type MerchantStatus } from '../../../domain/vocabularies';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';

const STATUS_BADGE: Record<MerchantStatus, string> = {
  processing: 'bg-amber-100 text-amber-800',
  verified: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
  data_tidak_lengkap: 'bg-orange-100 text-orange-800',
};

export function MerchantStatusBadge({ status, className }: { status: string; className?: string }) {
  // docs/spec.md §4: an unknown or missing status is shown as processing.
  const known = normalizeStatus(status);
  return (
    <Badge className={cn('whitespace-nowrap', className)} colours={STATUS_BADGE[known]} data-testid="merchant-status" data-status={known}>
      {STATUS_LABELS[known]}
    </Badge>
  );
}
