import { Eye, ListChecks, Pencil, RefreshCcw, Trash2 } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import type { MerchantRef } from './merchant-ref';

type RowActionsProps = {
  merchant: MerchantRef;
  onChangeStatus: (merchant: MerchantRef) => void;
  onDelete: (merchant: MerchantRef) => void;
};

/** Icon buttons named after the merchant, so a screen reader (and a test) knows which row they act on. */
export function RowActions({ merchant, onChangeStatus, onDelete }: RowActionsProps) {
  const name = merchant.nama_toko;
  const base = `/admin/merchants/${encodeURIComponent(merchant.id)}`;
  return (
    <div className="flex items-center gap-1">
      <LinkAction tip="Lihat detail" label={`Lihat ${name}`} to={base}>
        <Eye aria-hidden />
      </LinkAction>
      <LinkAction tip="Edit" label={`Edit ${name}`} to={`${base}/edit`}>
        <Pencil aria-hidden />
      </LinkAction>
      {/* docs/spec.md §4: the status dialog (and the review screen that ends in it) only from a processing row. */}
      {merchant.status === 'processing' && (
        <LinkAction tip="Tinjau dokumen" label={`Tinjau ${name}`} to={`${base}/review`} brand>
          <ListChecks aria-hidden />
        </LinkAction>
      )}
      {merchant.status === 'processing' && (
        <WithTip tip="Ubah status">
          <Button variant="ghostBrand" size="icon" aria-label={`Ubah status ${name}`} onClick={() => onChangeStatus(merchant)}>
            <RefreshCcw aria-hidden />
          </Button>
        </WithTip>
      )}
      <WithTip tip="Hapus">
        <Button variant="ghostDanger" size="icon" aria-label={`Hapus ${name}`} onClick={() => onDelete(merchant)}>
          <Trash2 aria-hidden />
        </Button>
      </WithTip>
    </div>
  );
}

/** An icon link of a row, named after the merchant, with its tooltip. */
function LinkAction({
  tip,
  label,
  to,
  brand = false,
  children,
}: {
  tip: string;
  label: string;
  to: string;
  brand?: boolean;
  children: ReactElement;
}) {
  return (
    <WithTip tip={tip}>
      <Button asChild variant={brand ? 'ghostBrand' : 'ghost'} size="icon" aria-label={label}>
        <Link to={to}>{children}</Link>
      </Button>
    </WithTip>
  );
}

/** A tooltip that also shows on keyboard focus; the accessible name stays the button's aria-label. */
function WithTip({ tip, children }: { tip: string; children: ReactElement }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content sideOffset={4} className="z-50 rounded bg-slate-900 px-2 py-1 text-xs text-white">
          {tip}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
