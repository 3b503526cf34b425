import type { ReactNode } from 'react';

/** A label and its value in a description list: `compact` on the review step, roomier on the success page. */
export function DetailItem({ label, compact = false, children }: { label: string; compact?: boolean; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={compact ? 'break-words text-sm font-medium text-slate-900' : 'mt-0.5 break-words font-medium text-slate-900'}>
        {children}
      </dd>
    </div>
  );
}
