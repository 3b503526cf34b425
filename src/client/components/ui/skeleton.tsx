import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const skeletonVariants = cva('animate-pulse bg-slate-200', {
  variants: { shape: { box: 'rounded-md', pill: 'rounded-full' } },
  defaultVariants: { shape: 'box' },
});

export function Skeleton({ className, shape, ...props }: ComponentProps<'div'> & VariantProps<typeof skeletonVariants>) {
  return <div aria-hidden className={cn(skeletonVariants({ shape }), className)} {...props} />;
}
