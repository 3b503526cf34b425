import { useQuery } from '@tanstack/react-query';
import type { StatusLookupRequest, StatusResult } from '../../../domain/status-lookup';
import { apiFetch, ApiRequestError } from '../../lib/api-client';

// Loaded with the first answer, not with the page. A field the API adds later must not break the page.
const loadResultSchema = async () => (await import('../../../domain/status-lookup')).StatusResultSchema.strip();

export function fetchStatus(request: StatusLookupRequest, signal?: AbortSignal): Promise<StatusResult> {
  return apiFetch('/api/status/lookup', { method: 'POST', body: request, schema: loadResultSchema, signal });
}

/** A 4xx answer (not found, malformed, rate limited) will not change by asking again. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

/** The lookup for the current search, or idle while there is none; keyed on the search itself. */
export function useStatusLookup(search: StatusLookupRequest | null) {
  return useQuery({
    queryKey: ['status-lookup', search],
    queryFn: ({ signal }) => fetchStatus(search!, signal),
    enabled: search !== null,
    retry: shouldRetry,
    // Personal data: asked afresh on every search, and not kept once the page is left.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
