import { createContext, use, type ReactElement, type ReactNode } from 'react';
import { FormField } from './ui/form-field';

/**
 * How a form words and checks its fields, and the labelled frame every field control sits in. Apart from
 * form-fields.tsx, which binds controls to react-hook-form: the wizard paints step 1 without that library
 * (page budgets, decision 0047), with the same markup.
 */

/** How a form words and checks its fields; the admin forms use the defaults. */
export type FieldConventions = {
  /** The text under a field for a schema message (the wizard shortens it to docs/spec.md §5's inline wording). */
  errorText: (message: string | undefined) => string | undefined;
  /**
   * `native`: the browser's own required check (admin forms). `aria`: announced only, because the form
   * checks a whole step itself and shows its toast (the wizard).
   */
  required: 'native' | 'aria';
};

const ADMIN_CONVENTIONS: FieldConventions = { errorText: (message) => message, required: 'native' };

export const FieldConventionsContext = createContext<FieldConventions>(ADMIN_CONVENTIONS);

/** What a labelled field's control gets: its id and descriptions, and `required` marked as the form wants it. */
export type FieldControlProps = {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean;
  required?: boolean;
  'aria-required'?: boolean;
};

type ConventionFieldProps = {
  label: string;
  required?: boolean;
  hint?: ReactNode;
  /** Already worded (the form's conventions or the caller's own text). */
  error?: string;
  control: (props: FieldControlProps) => ReactElement;
};

/** Label, hint and error around the control `control` draws, with `required` marked by the form's conventions. */
export function ConventionField({ label, required, hint, error, control }: ConventionFieldProps) {
  const requiredProps = use(FieldConventionsContext).required === 'native' ? { required } : { 'aria-required': required };
  return (
    <FormField label={label} required={required} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => control({ id, 'aria-describedby': describedBy, 'aria-invalid': invalid, ...requiredProps })}
    </FormField>
  );
}
