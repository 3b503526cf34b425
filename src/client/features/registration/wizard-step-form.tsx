import type { ReactNode } from 'react';
import { FormProvider, type FieldErrors, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { StepFormFrame } from './step-form-frame';

/** A step that keeps what was typed: its defaults, and Next and Back handing the values to the wizard. */
export type StepProps<Values> = {
  defaults: Partial<Values>;
  onNext: (values: Values) => void;
  onBack: (values: Partial<Values>) => void;
};

type StepFormProps<Values extends FieldValues> = {
  form: UseFormReturn<Values>;
  onInvalid: (errors: FieldErrors<FieldValues>) => void;
  onNext: (values: Values) => void;
  /** Absent on the first step. */
  onBack?: (values: Partial<Values>) => void;
  /** The form's accessible name: the step's title. */
  label: string;
  waiting?: boolean;
  /** Shown under the fields, above Back and Next (step 1's 'Mulai dari awal'). */
  footer?: ReactNode;
  children: ReactNode;
};

/** A wizard step's form: its fields in the two-column grid, checked by the step's schema on Next. */
export function StepForm<Values extends FieldValues>({
  form,
  onInvalid,
  onNext,
  onBack,
  label,
  waiting,
  footer,
  children,
}: StepFormProps<Values>) {
  return (
    <FormProvider {...form}>
      <StepFormFrame
        label={label}
        waiting={waiting}
        footer={footer}
        onBack={onBack && (() => onBack(form.getValues()))}
        onSubmit={(event) => void form.handleSubmit(onNext, onInvalid)(event)}
      >
        {children}
      </StepFormFrame>
    </FormProvider>
  );
}
