import type { ComponentProps } from 'react';
import { FormField, type FormFieldProps } from './form-field';
import { Input } from './input';

// Its own module: the wizard's first load uses FormField alone (page budgets, decision 0043).
type InputFieldProps = Omit<ComponentProps<typeof Input>, 'id' | 'aria-describedby' | 'aria-invalid'> & Omit<FormFieldProps, 'children'>;

/** A labelled input: the label, hint and error of FormField wired to an Input; `required` marks both. */
export function InputField({ label, required, hint, error, ...input }: InputFieldProps) {
  return (
    <FormField label={label} required={required} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <Input id={id} required={required} aria-describedby={describedBy} aria-invalid={invalid || undefined} {...input} />
      )}
    </FormField>
  );
}
