import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Label({ className, required, children, ...props }: ComponentProps<'label'> & { required?: boolean }) {
  return (
    <label className={cn('block text-sm font-medium text-slate-800', className)} {...props}>
      {children}
      {required && (
        <span className="ml-0.5 text-red-600" aria-hidden>
          *
        </span>
      )}
    </label>
  );
}
