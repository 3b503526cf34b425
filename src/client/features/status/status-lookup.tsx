import { useEffect } from 'react';
import { isNotFound } from '../../lib/api-errors';
import { withQueries } from '../../lib/with-queries';
import { StatusNotFound } from './status-not-found';
import { StatusResultView } from './status-result';
import { StatusSkeleton } from './status-skeleton';
import { useStatusLookup, type StatusSearch } from './use-status-lookup';

/** What the search form shows of the lookup of one search (`attempt`): busy, or the failure to explain. */
export type LookupState = { attempt: number; searching: boolean; error: unknown };

type StatusLookupProps = { search: StatusSearch; onStateChange: (state: LookupState) => void };

/**
 * The lookup and its answer. A chunk of its own with the query client: /status paints its form without
 * TanStack Query and the result views (decision 0045), and loads them with the first search.
 */
function StatusLookup({ search, onStateChange }: StatusLookupProps) {
  const lookup = useStatusLookup(search);
  const searching = lookup.isFetching;
  const error = lookup.isError && !searching ? lookup.error : null;
  useEffect(() => onStateChange({ attempt: search.attempt, searching, error }), [onStateChange, search.attempt, searching, error]);

  if (searching) return <StatusSkeleton />;
  if (error) return isNotFound(error) ? <StatusNotFound /> : null;
  return lookup.data ? <StatusResultView result={lookup.data} /> : null;
}

export const StatusLookupWithQueries = withQueries(StatusLookup);
