import { useQuery } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { Link } from 'react-router';
import { MATCH_LABELS } from '../../../domain/workbench';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
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
  const items = duplicates.data;
  // Nothing found is the usual case: the panel then takes no room.
  if (items?.length === 0) return null;
  return (
    <Card tone="warning" className="p-4" role="region" aria-labelledby="kemungkinan-duplikat">
      <h2 id="kemungkinan-duplikat" className="flex items-center gap-2 font-semibold text-amber-900">
        <Copy aria-hidden className="size-4" /> Kemungkinan Duplikat
      </h2>
      {duplicates.isError ? (
        <p className="mt-2 text-sm text-red-700">Daftar kemungkinan duplikat tidak dapat dimuat.</p>
      ) : !items ? (
        <Skeleton className="mt-2 h-6 w-full" />
      ) : (
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
    </Card>
  );
}
