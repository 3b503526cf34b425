import { useQuery } from '@tanstack/react-query';
import type { StatusLookupRequest, StatusResult } from '../../../domain/status-lookup';
import { apiFetch } from '../../lib/api-client';
import { retryServerErrors } from '../../lib/api-errors';

// Loaded with the first answer, not with the page. A field the API adds later must not break the page.
const loadResultSchema = async () => (await import('../../../domain/status-lookup')).StatusResultSchema.strip();

function fetchStatus(request: StatusLookupRequest, signal?: AbortSignal): Promise<StatusResult> {
  return apiFetch('/api/status/lookup', { method: 'POST', body: request, schema: loadResultSchema, signal });
}

/** One press of 'Cari': the same request pressed again is a new search (the status may have changed since). */
export type StatusSearch = { request: StatusLookupRequest; attempt: number };

/** The lookup for one search; keyed on the search itself. */
export function useStatusLookup(search: StatusSearch) {
  return useQuery({
    queryKey: ['status-lookup', search],
    queryFn: ({ signal }) => fetchStatus(search.request, signal),
    retry: retryServerErrors,
    // Personal data: asked afresh on every search, and not kept once the page is left.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
