import type { MerchantListItem } from '../../../domain/merchants';
import { CLAIM_MESSAGES } from '../../../domain/review-claims';
import { Badge } from '../../components/ui/badge';
import { Checkbox } from '../../components/ui/input';
import { Td } from '../../components/ui/table';
import type { RowSelection } from './use-row-selection';

/** The row's box for the bulk bar; Shift-click selects the range from the last clicked row. */
export function SelectCell({ merchant, selection }: { merchant: MerchantListItem; selection: RowSelection }) {
  return (
    <Td className="w-10">
      <Checkbox
        aria-label={`Pilih ${merchant.nama_toko}`}
        checked={selection.selected.has(merchant.id)}
        onChange={(event) => selection.toggle(merchant.id, 'shiftKey' in event.nativeEvent && Boolean(event.nativeEvent.shiftKey))}
      />
    </Td>
  );
}

/** Who reviews the case now: 'Sedang ditinjau oleh …' or 'Belum diambil'. */
export function HolderCell({ merchant }: { merchant: MerchantListItem }) {
  return (
    <Td className="text-sm">
      {merchant.diklaim_oleh ? (
        <span className="break-all">{CLAIM_MESSAGES.heldBy(merchant.diklaim_oleh.email)}</span>
      ) : (
        <span className="text-slate-600">{CLAIM_MESSAGES.notClaimed}</span>
      )}
    </Td>
  );
}

export function SecondApprovalBadge({ merchant }: { merchant: MerchantListItem }) {
  if (!merchant.persetujuan_kedua.menunggu) return null;
  return (
    <Badge size="sm" colours="bg-lime-100 text-lime-900">
      {CLAIM_MESSAGES.waitingSecond}
    </Badge>
  );
}
