import { cva, type VariantProps } from 'class-variance-authority';
import { cloneElement, isValidElement, type ComponentProps, type ReactElement } from 'react';
import { cn } from '../../lib/cn';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-brand-600 text-white hover:bg-brand-700',
        secondary: 'bg-white text-brand-700 ring-1 ring-inset ring-brand-600 hover:bg-brand-50',
        ghost: 'text-slate-700 hover:bg-slate-100',
        ghostBrand: 'text-brand-700 hover:bg-slate-100',
        ghostDanger: 'text-red-600 hover:bg-red-50',
        outline: 'text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-100',
        light: 'bg-white text-brand-700 hover:bg-brand-50',
        outlineLight: 'text-white ring-1 ring-inset ring-white hover:bg-white/10',
        danger: 'bg-red-600 text-white hover:bg-red-700',
      },
      size: {
        sm: 'h-8 px-3 text-sm',
        md: 'h-10 px-4 text-sm',
        lg: 'h-12 px-6 text-base',
        icon: 'size-9 text-sm',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

/**
 * `asChild` styles the one child element (a router Link, mostly) as a button instead of rendering a
 * <button>. Written here rather than with Radix Slot, which every page would load for it (decision
 * 0043): the button's props go onto the child, the classes are joined, and the child's own handlers
 * win, which is all the call sites need (they pass no handlers of their own on an asChild button).
 */
export function Button({ className, variant, size, asChild = false, type, children, ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild && isValidElement<{ className?: string }>(children)) {
    const child = children as ReactElement<{ className?: string }>;
    return cloneElement(child, { ...props, ...child.props, className: cn(classes, child.props.className) });
  }
  return (
    <button className={classes} type={type ?? 'button'} {...props}>
      {children}
    </button>
  );
}
