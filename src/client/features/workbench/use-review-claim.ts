import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { REVIEW_PRESENCE_HEARTBEAT_MS } from '../../../domain/workbench';
import { claimMerchant, merchantKeys, releaseMerchant, releaseOnPageHide } from '../merchants/public';

/**
 * The review screen holds the case while it is open: it claims on opening (another admin's claim leaves
 * the screen read-only, the server says who), beats on the presence heartbeat's interval while it holds
 * it (the server lets a claim lapse after CLAIM_IDLE_MINUTES without one), and releases on leaving.
 */
export function useReviewClaim(merchantId: string, heldBySelf: boolean): void {
  const queryClient = useQueryClient();
  const held = useRef(heldBySelf);
  useEffect(() => {
    held.current = heldBySelf;
  });

  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: merchantKeys.detail(merchantId) });
    // Opening the screen is the reviewer's doing; a 409 (another admin holds it) shows in the detail.
    void claimMerchant(merchantId).then(refresh, refresh);
    const timer = setInterval(() => {
      if (held.current) void claimMerchant(merchantId, { heartbeat: true }).catch(refresh);
    }, REVIEW_PRESENCE_HEARTBEAT_MS);
    const onPageHide = () => {
      if (held.current) releaseOnPageHide(merchantId);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', onPageHide);
      if (held.current) void releaseMerchant(merchantId).catch(() => undefined);
    };
  }, [merchantId, queryClient]);
}
