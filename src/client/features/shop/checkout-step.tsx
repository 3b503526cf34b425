import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';

type CheckoutStepProps = { number: number; title: string; done: boolean; children: ReactNode };

/** One numbered section of the checkout; its heading names the region, the number is decoration. */
export function CheckoutStep({ number, title, done, children }: CheckoutStepProps) {
  const headingId = `langkah-${number}`;
  return (
    <Card role="region" aria-labelledby={headingId} className="p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <span
          aria-hidden
          className={cn(
            'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold',
            done ? 'border-brand-600 bg-brand-600 text-white' : 'border-brand-600 bg-white text-brand-700',
          )}
        >
          {done ? <Check className="size-4" /> : number}
        </span>
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {/* Beside the heading, not in it: the region keeps the step's plain name. */}
        {done && <span className="sr-only">Langkah {number} selesai</span>}
      </div>
      <div className="mt-4">{children}</div>
    </Card>
  );
}
