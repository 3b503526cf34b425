import type { VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { cn } from '../lib/cn';
import { buttonVariants } from './ui/button';

type LinkButtonProps = ComponentProps<typeof Link> & VariantProps<typeof buttonVariants>;

/** A router link that looks like a button: the calls to action and the ways back of the public pages. */
export function LinkButton({ variant, size, className, ...props }: LinkButtonProps) {
  return <Link className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
