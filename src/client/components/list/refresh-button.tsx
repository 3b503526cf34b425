import { RefreshCw } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';

/** What a refresh needs of a list's query (a TanStack query result has both). */
type Refreshable = { refetch: () => unknown; isFetching: boolean };

/** Fetches a list again; its icon turns while the list is on its way. `label` is the accessible name. */
export function RefreshButton({ list, label }: { list: Refreshable; label: string }) {
  return (
    <Button variant="secondary" onClick={() => void list.refetch()} disabled={list.isFetching} aria-label={label}>
      <RefreshCw aria-hidden className={cn(list.isFetching && 'animate-spin')} /> Refresh
    </Button>
  );
}
