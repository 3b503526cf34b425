import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

/** The 409 of a stale save: the server's message and a way to load the other admin's version. */
export function StaleSaveAlert({ message, reloading, onReload }: { message: string; reloading: boolean; onReload: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900"
    >
      <p className="flex items-start gap-2 text-sm">
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
        {message}
      </p>
      <Button variant="secondary" size="sm" onClick={onReload} disabled={reloading}>
        <RefreshCw aria-hidden className={cn(reloading && 'animate-spin')} /> Muat Ulang
      </Button>
    </div>
  );
}
