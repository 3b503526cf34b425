import { AlertTriangle } from 'lucide-react';

/**
 * A warning to weigh, never a block: a NIK's structure, an account name. `live`: a status region, so a
 * screen reader hears a warning that appears while typing (it then stays in the page, empty and hidden).
 */
export function WarningNote({ text, className = '', live = false }: { text: string | null; className?: string; live?: boolean }) {
  if (!text) return live ? <p role="status" className="sr-only" /> : null;
  return (
    <p
      role={live ? 'status' : 'note'}
      className={`flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 ${className}`}
    >
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
      {text}
    </p>
  );
}
