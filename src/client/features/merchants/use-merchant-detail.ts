import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { isNotFound, isUnauthorized, retryServerErrors } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { fetchMerchant, merchantKeys } from './merchant-api';

/**
 * One merchant. A 404 is for the screen to show ('Merchant tidak ditemukan'); any other failure is
 * docs/spec.md §8's 'Gagal memuat data merchant' and a return to the list.
 */
export function useMerchantDetail(id: string) {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: merchantKeys.detail(id),
    queryFn: ({ signal }) => fetchMerchant(id, signal),
    retry: retryServerErrors,
  });
  const { error } = query;
  // Only a failed first load leaves the screen; a failed background refetch keeps what is shown.
  const failedToLoad = error !== null && query.data === undefined && !isNotFound(error) && !isUnauthorized(error);
  useEffect(() => {
    if (!failedToLoad) return;
    toast.error(MESSAGES.listLoadFailed, { id: 'merchant-detail-error' });
    void navigate('/admin/merchants', { replace: true });
  }, [failedToLoad, navigate]);
  return query;
}
