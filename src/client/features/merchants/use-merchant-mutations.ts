import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MerchantStatusChangeInput } from '../../../domain/merchants';
import { auditKeys } from '../audit/public';
import { changeMerchantStatus, deleteMerchant, merchantKeys } from './merchant-api';

/** After any change the lists, this merchant and its activity are stale; the audit page too. */
export function useInvalidateAfterChange() {
  const queryClient = useQueryClient();
  return (id: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: merchantKeys.all }),
      queryClient.invalidateQueries({ queryKey: auditKeys.all }),
    ]).then(() => id);
}

export function useChangeStatus() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: MerchantStatusChangeInput }) => changeMerchantStatus(id, change),
    onSuccess: (merchant) => invalidate(merchant.id),
  });
}

export function useDeleteMerchant() {
  const invalidate = useInvalidateAfterChange();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteMerchant(id),
    onSuccess: async (_result, id) => {
      // A deleted merchant has no detail any more; drop it rather than refetch a 404.
      queryClient.removeQueries({ queryKey: merchantKeys.detail(id) });
      await invalidate(id);
    },
  });
}
