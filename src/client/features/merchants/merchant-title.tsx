import type { ReactNode } from 'react';
import type { MerchantDetail } from '../../../domain/merchants';
import { SlaBadge } from '../workbench/sla-badge';
import { MerchantStatusBadge } from './merchant-status-badge';

/** A merchant screen's h1 and the line under it: code, status, and the wait against the promise. */
export function MerchantTitle({ merchant, title, children }: { merchant: MerchantDetail; title: string; children?: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span>
          Kode: <span className="font-mono font-medium text-slate-900" data-testid="kode-pendaftaran">{merchant.kode_pendaftaran}</span>
        </span>
        <MerchantStatusBadge status={merchant.status} />
        <SlaBadge sla={merchant.sla} days={merchant.age_working_days} />
        {children}
      </p>
    </div>
  );
}
