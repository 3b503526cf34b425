import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A data table that scrolls sideways on small screens instead of squeezing its columns. */
export function Table({ className, label, ...props }: ComponentProps<'table'> & { label: string }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm" role="region" aria-label={label} tabIndex={0}>
      <table className={cn('w-full text-left text-sm', className)} {...props} />
    </div>
  );
}

export function TableHead({ className, ...props }: ComponentProps<'thead'>) {
  return (
    <thead
      className={cn('border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600', className)}
      {...props}
    />
  );
}

/** `joined`: the row runs on into the next one (an expanded detail row), so no rule between them. */
export function TableRow({ className, joined = false, ...props }: ComponentProps<'tr'> & { joined?: boolean }) {
  return <tr className={cn(joined ? 'border-b-0' : 'border-b border-slate-100 last:border-0', className)} {...props} />;
}

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return <th scope="col" className={cn('whitespace-nowrap px-4 py-3', className)} {...props} />;
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 align-top', className)} {...props} />;
}
