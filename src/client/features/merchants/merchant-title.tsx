import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MerchantDetail } from '../../../domain/merchants';
import { Badge } from '../../components/ui/badge';
import { MerchantStatusBadge } from './merchant-status-badge';
import { SlaBadge } from './sla-badge';

/** A fix link changed where the payouts go: the reviewer checks the account against the documents again. */
const BANK_CHANGED_TEXT = 'Rekening diubah pendaftar sejak pengajuan';

/** A merchant screen's h1 and the line under it: code, status, and the wait against the promise. */
export function MerchantTitle({ merchant, title, children }: { merchant: MerchantDetail; title: string; children?: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span>
          Kode:{' '}
          <span className="font-mono font-medium text-slate-900" data-testid="kode-pendaftaran">
            {merchant.kode_pendaftaran}
          </span>
        </span>
        <MerchantStatusBadge status={merchant.status} />
        <SlaBadge sla={merchant.sla} days={merchant.age_working_days} />
        {merchant.rekening_diubah_sejak_pengajuan && (
          <Badge colours="bg-amber-100 text-amber-900" className="gap-1" data-testid="bank-changed">
            <AlertTriangle aria-hidden className="size-3.5" /> {BANK_CHANGED_TEXT}
          </Badge>
        )}
        {children}
      </p>
    </div>
  );
}
