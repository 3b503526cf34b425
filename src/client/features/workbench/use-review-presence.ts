import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { REVIEW_PRESENCE_EVENT, REVIEW_PRESENCE_HEARTBEAT_MS, type ReviewPresence } from '../../../domain/workbench';
import { useServerEvents } from '../../lib/use-server-events';
import { announcePresence, fetchPresence, leavePresence, workbenchKeys } from './workbench-api';

/**
 * Says that this admin has the merchant open in review, and returns the other admins who have it open
 * too (from the live events, after a first GET). Leaving the screen, or the page, takes the entry away.
 */
export function useReviewPresence(merchantId: string, selfId: string | undefined): ReviewPresence['admins'] {
  const queryClient = useQueryClient();
  const key = workbenchKeys.presence(merchantId);
  const presence = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchPresence(merchantId, signal), retry: false });

  useEffect(() => {
    const beat = () => void announcePresence(merchantId).catch(() => undefined);
    beat();
    // The server forgets an entry after 45 s; the heartbeat keeps it while the screen is open.
    const timer = setInterval(beat, REVIEW_PRESENCE_HEARTBEAT_MS);
    // A closed tab does not unmount: the request is sent with keepalive so it outlives the page.
    const onPageHide = () =>
      void fetch(`/api/admin/merchants/${encodeURIComponent(merchantId)}/review-presence`, {
        method: 'DELETE',
        keepalive: true,
        credentials: 'same-origin',
      }).catch(() => undefined);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', onPageHide);
      void leavePresence(merchantId).catch(() => undefined);
    };
  }, [merchantId]);

  useServerEvents<ReviewPresence>('/api/admin/events', REVIEW_PRESENCE_EVENT, (event) => {
    if (event.merchant_id === merchantId) queryClient.setQueryData(key, event);
  });

  return (presence.data?.admins ?? []).filter((admin) => admin.id !== selfId);
}
