import { useQueryClient } from '@tanstack/react-query';
import { Hand, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CLAIM_FILTER_LABELS, CLAIM_FILTERS, type ClaimCounts, type ClaimFilter } from '../../../domain/review-claims';
import { Button } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api-client';
import { serverMessage } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { takeNextCase } from './claim-api';
import { merchantKeys } from './merchant-api';

const COUNT_OF: Record<ClaimFilter, keyof ClaimCounts> = { saya: 'milik_saya', belum: 'belum_diambil' };

type QueueClaimBarProps = {
  klaim: '' | ClaimFilter;
  counts: ClaimCounts | undefined;
  onFilter: (klaim: '' | ClaimFilter) => void;
};

/** The queue's claim filters with their counts, and 'Ambil Berikutnya' (claims the oldest free case and opens it). */
export function QueueClaimBar({ klaim, counts, onFilter }: QueueClaimBarProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const takeNext = async () => {
    setBusy(true);
    try {
      const next = await takeNextCase();
      void queryClient.invalidateQueries({ queryKey: merchantKeys.all });
      void navigate(`/admin/merchants/${encodeURIComponent(next.id)}/review`);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) toast.info(error.message);
      else toast.error('Gagal mengambil merchant berikutnya', { description: serverMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const filters: { value: '' | ClaimFilter; label: string }[] = [
    { value: '', label: 'Semua' },
    ...CLAIM_FILTERS.map((value) => ({
      value,
      label: counts ? `${CLAIM_FILTER_LABELS[value]} (${counts[COUNT_OF[value]]})` : CLAIM_FILTER_LABELS[value],
    })),
  ];
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div role="group" aria-label="Filter peninjau" className="flex flex-wrap gap-2">
        {filters.map((filter) => (
          <Button
            key={filter.value || 'semua'}
            size="sm"
            variant={klaim === filter.value ? 'primary' : 'outline'}
            aria-pressed={klaim === filter.value}
            onClick={() => onFilter(filter.value)}
          >
            {filter.label}
          </Button>
        ))}
      </div>
      <Button onClick={() => void takeNext()} disabled={busy} aria-busy={busy}>
        {busy ? <LoaderCircle aria-hidden className="animate-spin" /> : <Hand aria-hidden />} Ambil Berikutnya
      </Button>
    </div>
  );
}
