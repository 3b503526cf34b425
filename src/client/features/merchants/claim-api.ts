import {
  BulkResultSchema,
  ClaimStateSchema,
  QueueNextSchema,
  type BulkRequest,
  type BulkResult,
  type ClaimState,
  type QueueNext,
} from '../../../domain/review-claims';
import { apiFetch } from '../../lib/api-client';

const claimPath = (id: string) => `/api/admin/merchants/${encodeURIComponent(id)}/claim`;

/** Takes the case, or keeps it. `heartbeat`: the review screen's own beat, not a person's doing. */
export function claimMerchant(id: string, { heartbeat = false } = {}): Promise<ClaimState> {
  return apiFetch(claimPath(id), {
    method: 'POST',
    body: {},
    schema: ClaimStateSchema,
    ...(heartbeat ? { headers: { 'X-Background-Request': '1' } } : {}),
  });
}

export function takeOverMerchant(id: string, alasan: string): Promise<ClaimState> {
  return apiFetch(claimPath(id), { method: 'POST', body: { ambil_alih: true, alasan }, schema: ClaimStateSchema });
}

export function releaseMerchant(id: string): Promise<ClaimState> {
  return apiFetch(claimPath(id), { method: 'DELETE', schema: ClaimStateSchema });
}

/** A closed tab does not unmount: sent with keepalive so it outlives the page. */
export function releaseOnPageHide(id: string): void {
  void fetch(claimPath(id), { method: 'DELETE', keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
}

/** 'Ambil Berikutnya': the oldest case nobody holds, now the caller's. */
export function takeNextCase(): Promise<QueueNext> {
  return apiFetch('/api/admin/queue/next', { method: 'POST', schema: QueueNextSchema });
}

export function bulkClaim(request: BulkRequest): Promise<BulkResult> {
  return apiFetch('/api/admin/merchants/bulk', { method: 'POST', body: request, schema: BulkResultSchema });
}
