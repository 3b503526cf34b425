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
      <WithTip tip="Lihat detail">
        <Button asChild variant="ghost" size="icon" aria-label={`Lihat ${name}`}>
          <Link to={base}>
            <Eye aria-hidden />
          </Link>
        </Button>
      </WithTip>
      <WithTip tip="Edit">
        <Button asChild variant="ghost" size="icon" aria-label={`Edit ${name}`}>
          <Link to={`${base}/edit`}>
            <Pencil aria-hidden />
          </Link>
        </Button>
      </WithTip>
      {/* SPEC §4: the status dialog (and the review screen that ends in it) only from a processing row. */}
      {merchant.status === 'processing' && (
        <WithTip tip="Tinjau dokumen">
          <Button asChild variant="ghostBrand" size="icon" aria-label={`Tinjau ${name}`}>
            <Link to={`${base}/review`}>
              <ListChecks aria-hidden />
            </Link>
          </Button>
        </WithTip>
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
