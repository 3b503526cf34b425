import type { FixRequestView, FixSubmission, FixSubmissionResponse } from '../../../domain/perbaikan';
import { PERBAIKAN_MESSAGES } from '../../../domain/perbaikan-texts';
import { apiFetch, ApiRequestError } from '../../lib/api-client';

// The submit answer's schema (and zod) loads with the submission, not with the page (page budgets, decision 0043).
const loadSubmitSchema = async () => (await import('../../../domain/perbaikan')).FixSubmissionResponseSchema;

function isView(data: unknown): data is FixRequestView {
  const view = data as FixRequestView | null;
  return (
    typeof view?.kode_pendaftaran === 'string' &&
    typeof view.nama_toko === 'string' &&
    Array.isArray(view.perbaikan) &&
    typeof view.values === 'object'
  );
}

/**
 * GET /api/perbaikan/<token>, checked by hand: through apiFetch the page would load zod (about 25 KB gzip)
 * with its first paint only to read this answer or a 404, and the page must stay within 120 KB.
 */
export async function fetchFixRequest(token: string, signal?: AbortSignal): Promise<FixRequestView> {
  const response = await fetch(`/api/perbaikan/${encodeURIComponent(token)}`, { headers: { Accept: 'application/json' }, signal });
  const data: unknown = await response.json().catch(() => null);
  if (response.ok && isView(data)) return data;
  const message = (data as { error?: { message?: unknown } } | null)?.error?.message;
  throw new ApiRequestError(response.status, 'FIX_LINK_INVALID', typeof message === 'string' ? message : PERBAIKAN_MESSAGES.invalidLink);
}

export function submitFix(token: string, body: FixSubmission): Promise<FixSubmissionResponse> {
  return apiFetch(`/api/perbaikan/${encodeURIComponent(token)}`, { method: 'POST', body, schema: loadSubmitSchema });
}
