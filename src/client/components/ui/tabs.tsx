import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** Radix tabs: arrow keys move between tabs, Tab moves into the panel. */
export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={cn('flex gap-1 border-b border-slate-200', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        '-mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  );
}

/** With forceMount an inactive panel stays in the DOM (e.g. to keep a form's edits) and is only hidden. */
export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return (
    <RadixTabs.Content
      className={cn('pt-6 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=inactive]:hidden', className)}
      {...props}
    />
  );
}
