import { Progress as RadixProgress } from 'radix-ui';
import { cn } from '../../lib/cn';

export function Progress({ value, label, className }: { value: number; label: string; className?: string }) {
  return (
    <RadixProgress.Root
      value={value}
      max={100}
      aria-label={label}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <RadixProgress.Indicator className="h-full bg-brand-600 transition-[width]" style={{ width: `${value}%` }} />
    </RadixProgress.Root>
  );
}
