import { Check } from 'lucide-react';
import { cn } from '../../lib/cn';
import { STEPS } from './wizard-steps';

/** The five steps with the current one marked; aria-current tells screen readers where they are. */
export function StepIndicator({ current }: { current: number }) {
  return (
    <nav aria-label="Langkah pendaftaran">
      <ol className="flex items-start justify-between gap-1 sm:gap-2">
        {STEPS.map((step, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li
              key={step.title}
              className="flex min-w-0 flex-1 flex-col items-center gap-2 text-center"
              aria-current={active ? 'step' : undefined}
            >
              <span
                className={cn(
                  'flex size-9 items-center justify-center rounded-full border-2 text-sm font-semibold',
                  done
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : active
                      ? 'border-brand-600 bg-white text-brand-700'
                      : 'border-slate-300 bg-white text-slate-500',
                )}
                aria-hidden
              >
                {done ? <Check className="size-4" /> : index + 1}
              </span>
              <span className={cn('text-[11px] font-medium leading-tight sm:text-sm', active ? 'text-brand-700' : 'text-slate-600')}>
                <span className="sr-only">Langkah {index + 1}: </span>
                {step.title}
                {done && <span className="sr-only"> (selesai)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
