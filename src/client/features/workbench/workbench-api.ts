import { AdminStatsSchema, ReviewPresenceSchema, type AdminStats, type ReviewPresence } from '../../../domain/workbench';
import { apiFetch } from '../../lib/api-client';
import { fetchMerchantList, merchantKeys } from '../merchants/public';

/**
 * Query keys of the workbench. Under merchantKeys.all on purpose: every live merchant event already
 * invalidates that prefix, so the overdue count and the dashboard follow any change.
 */
export const workbenchKeys = {
  stats: () => [...merchantKeys.all, 'stats'] as const,
  /** The queue's order as the review screen walks it (J/K and the next merchant after a decision). */
  queueOrder: () => [...merchantKeys.lists(), 'queue-order'] as const,
  presence: (id: string) => ['admin', 'review-presence', id] as const,
};

function merchantPath(id: string): string {
  return `/api/admin/merchants/${encodeURIComponent(id)}`;
}

/** `background`: a refresh nobody clicked for, which the server must not count as activity. */
export function fetchStats(signal?: AbortSignal, { background = false } = {}): Promise<AdminStats> {
  return apiFetch('/api/admin/stats', {
    schema: AdminStatsSchema,
    signal,
    ...(background ? { headers: { 'X-Background-Request': '1' } } : {}),
  });
}

/** The review screen walks at most this many merchants ahead; the queue page pages through the rest. */
export const QUEUE_WINDOW = 100;

/** Ids of the oldest processing merchants, oldest first (GET /api/admin/merchants?sort=queue). */
export async function fetchQueueOrder(signal?: AbortSignal): Promise<string[]> {
  const page = await fetchMerchantList({ status: 'processing', sort: 'queue', page: 1, page_size: QUEUE_WINDOW }, signal);
  return page.items.map((item) => item.id);
}

export function fetchPresence(id: string, signal?: AbortSignal): Promise<ReviewPresence> {
  return apiFetch(`${merchantPath(id)}/review-presence`, { schema: ReviewPresenceSchema, signal });
}

/** A heartbeat, not a person's doing: an open review screen must not keep an idle admin signed in. */
export async function announcePresence(id: string): Promise<void> {
  await apiFetch(`${merchantPath(id)}/review-presence`, { method: 'POST', headers: { 'X-Background-Request': '1' } });
}

export async function leavePresence(id: string): Promise<void> {
  await apiFetch(`${merchantPath(id)}/review-presence`, { method: 'DELETE' });
}
