import { useQuery } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { Link } from 'react-router';
import { MATCH_LABELS } from '../../../domain/workbench';
import { PanelAnswer, RegionCard } from '../../components/region-card';
import { retryServerErrors } from '../../lib/api-errors';
import { fetchDuplicates, merchantKeys } from './merchant-api';
import { MerchantStatusBadge } from './merchant-status-badge';

/** 'Kemungkinan Duplikat': other merchants with the same NIK, account, phone or e-mail, each linked. */
export function DuplicatePanel({ merchantId }: { merchantId: string }) {
  const duplicates = useQuery({
    queryKey: merchantKeys.duplicates(merchantId),
    queryFn: ({ signal }) => fetchDuplicates(merchantId, signal),
    retry: retryServerErrors,
  });
  // Nothing found is the usual case: the panel then takes no room.
  if (duplicates.data?.length === 0) return null;
  return (
    <RegionCard
      id="kemungkinan-duplikat"
      warning
      titleClassName="flex items-center gap-2 text-amber-900"
      title={
        <>
          <Copy aria-hidden className="size-4" /> Kemungkinan Duplikat
        </>
      }
    >
      <PanelAnswer query={duplicates} failedText="Daftar kemungkinan duplikat tidak dapat dimuat.">
        {(items) => (
          <ul className="mt-2 divide-y divide-amber-200 text-sm">
            {items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <Link
                  to={`/admin/merchants/${encodeURIComponent(item.id)}`}
                  className="font-medium text-brand-700 underline hover:text-brand-800"
                >
                  {item.nama_toko}
                </Link>
                <span className="font-mono text-xs">{item.kode_pendaftaran}</span>
                <MerchantStatusBadge status={item.status} />
                <span className="text-slate-700">
                  Sama:{' '}
                  {item.matched_on.map((key) => (key === 'foto' && item.photos ? item.photos.join(', ') : MATCH_LABELS[key])).join(', ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </PanelAnswer>
    </RegionCard>
  );
}
