import type { FormEvent, ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { DialogFormActions } from './ui/dialog';

type DialogFormProps<Form extends FieldValues, Output extends FieldValues> = {
  form: UseFormReturn<Form, unknown, Output>;
  /** The form's handleSubmit(...). */
  onSubmit: (event?: FormEvent) => Promise<void>;
  /** The form's accessible name. */
  label: string;
  /** The request is on its way: both buttons wait. */
  pending: boolean;
  submitText: string;
  danger?: boolean;
  children: ReactNode;
};

/** A dialog's form on react-hook-form: the fields the browser does not check itself, then Batal and the submit button. */
export function DialogForm<Form extends FieldValues, Output extends FieldValues>({
  form,
  onSubmit,
  label,
  pending,
  submitText,
  danger,
  children,
}: DialogFormProps<Form, Output>) {
  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={label} className="space-y-4">
        {children}
        <DialogFormActions pending={pending} danger={danger}>
          {submitText}
        </DialogFormActions>
      </form>
    </FormProvider>
  );
}
