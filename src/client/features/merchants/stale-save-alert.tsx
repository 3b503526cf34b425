import { AlertTriangle, RefreshCw } from 'lucide-react';
import { NoticeBar } from '../../components/notice-bar';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

/** The 409 of a stale save: the server's message and a way to load the other admin's version. */
export function StaleSaveAlert({ message, reloading, onReload }: { message: string; reloading: boolean; onReload: () => void }) {
  return (
    <NoticeBar
      role="alert"
      icon={AlertTriangle}
      action={
        <Button variant="secondary" size="sm" onClick={onReload} disabled={reloading}>
          <RefreshCw aria-hidden className={cn(reloading && 'animate-spin')} /> Muat Ulang
        </Button>
      }
    >
      {message}
    </NoticeBar>
  );
}
