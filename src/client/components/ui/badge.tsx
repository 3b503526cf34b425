import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Badge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800', className)}
      {...props}
    />
  );
}
