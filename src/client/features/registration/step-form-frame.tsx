import type { ComponentProps, ReactNode } from 'react';
import { WizardNav } from './wizard-nav';

type StepFormFrameProps = Omit<ComponentProps<'form'>, 'aria-label' | 'children'> & {
  /** The form's accessible name: the step's title. */
  label: string;
  waiting?: boolean;
  onBack?: () => void;
  /** Shown under the fields, above Back and Next (step 1's 'Mulai dari awal'). */
  footer?: ReactNode;
  children: ReactNode;
};

/**
 * A wizard step's form element: its fields in the two-column grid, then Back and Next. Without
 * react-hook-form, so that step 1 paints the same form before that library has loaded (decision 0047).
 */
export function StepFormFrame({ label, waiting, onBack, footer, children, ...form }: StepFormFrameProps) {
  return (
    <form noValidate aria-label={label} {...form}>
      <div className="grid gap-5 sm:grid-cols-2">{children}</div>
      {footer}
      <WizardNav waiting={waiting} onBack={onBack} />
    </form>
  );
}
