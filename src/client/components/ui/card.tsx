import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const cardVariants = cva('rounded-xl border shadow-sm', {
  variants: {
    tone: {
      default: 'border-slate-200 bg-white',
      warning: 'border-amber-200 bg-amber-50',
    },
  },
  defaultVariants: { tone: 'default' },
});

export function Card({ className, tone, ...props }: ComponentProps<'div'> & VariantProps<typeof cardVariants>) {
  return <div className={cn(cardVariants({ tone }), className)} {...props} />;
}
