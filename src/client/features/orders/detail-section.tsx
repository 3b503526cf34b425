import { useId, type ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';

/** A titled card of the order detail: a region named by its heading, so it is found by landmark too. */
export function DetailSection({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card className={cn('p-5', className)} role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 font-semibold">
        {title}
      </h2>
      {children}
    </Card>
  );
}

/** Label and value pairs; a row without a value is left out rather than shown as '-'. */
export function DetailList({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
      {rows
        .filter(([, value]) => value !== null && value !== undefined && value !== false && value !== '')
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
