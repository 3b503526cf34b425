import { useMutation, useQueryClient } from '@tanstack/react-query';
import { merchantKeys, updateMerchant, type MerchantUpdateBody } from './merchant-api';
import { useInvalidateAfterChange } from './use-merchant-mutations';

/** Resolves when saved; rejects with the ApiRequestError (400 with a field, 409 when stale, ...). */
export type SaveMerchant = (update: MerchantUpdateBody) => Promise<void>;

export function useSaveMerchantMutation(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (update: MerchantUpdateBody) => updateMerchant(id, update),
    onSuccess: async (saved) => {
      // docs/spec.md §4: after a save the record reloads; the answer is the saved row, then everything refetches.
      queryClient.setQueryData(merchantKeys.detail(id), saved);
      await invalidate(id);
    },
  });
}
