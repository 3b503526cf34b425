import { AlertTriangle } from 'lucide-react';

/** A warning the reviewer should weigh (not a block): a NIK's structure, an account name. */
export function WarningNote({ text, className = '' }: { text: string; className?: string }) {
  return (
    <p role="note" className={`flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 ${className}`}>
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
      {text}
    </p>
  );
}
