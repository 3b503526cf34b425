import { Loader2 } from 'lucide-react';

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-screen flex-col items-center justify-center gap-3 bg-slate-50 text-slate-600"
    >
      <Loader2 aria-hidden className="size-8 animate-spin text-brand-600" />
      <span>{label}</span>
    </div>
  );
}
