import { cn } from '../../lib/cn';

/** The diff as stored, pretty-printed (docs/spec.md §2); any JSON shape is shown as it is. */
export function formatDiff(diff: unknown): string {
  if (diff === null || diff === undefined) return '-';
  return JSON.stringify(diff, null, 2) ?? String(diff);
}

export function AuditDiff({ diff, id, className }: { diff: unknown; id?: string; className?: string }) {
  return (
    <pre
      id={id}
      className={cn(
        'max-h-80 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-slate-900 p-3 font-mono text-xs text-slate-100',
        className,
      )}
    >
      {formatDiff(diff)}
    </pre>
  );
}
