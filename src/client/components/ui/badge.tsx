import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const badgeVariants = cva('inline-flex items-center rounded-full px-2.5 py-0.5 font-semibold', {
  variants: { size: { sm: 'text-xs', md: 'text-sm' } },
  defaultVariants: { size: 'sm' },
});

type BadgeProps = ComponentProps<'span'> &
  VariantProps<typeof badgeVariants> & {
    /** Background and text colour together; a caller's own colours replace the brand ones. */
    colours?: string;
  };

export function Badge({ className, size, colours = 'bg-brand-100 text-brand-800', ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ size }), colours, className)} {...props} />;
}
