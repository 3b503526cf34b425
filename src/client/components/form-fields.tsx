import { createContext, use, type HTMLInputAutoCompleteAttribute } from 'react';
import { useFormContext, type RegisterOptions } from 'react-hook-form';
import { FormField } from './ui/form-field';
import { Input, NativeSelect, Textarea, type Choice } from './ui/input';

/**
 * Labelled fields wired to the surrounding react-hook-form, for the registration wizard and the admin
 * forms alike. Each control carries the SPEC field name as `name`. With `readOnly` (the admin detail's
 * view mode) text stays focusable and readable, and choices are disabled, since a select has no read-only.
 */

/** How a form words and checks its fields; the admin forms use the defaults. */
export type FieldConventions = {
  /** The text under a field for a schema message (the wizard shortens it to SPEC §5's inline wording). */
  errorText: (message: string | undefined) => string | undefined;
  /**
   * `native`: the browser's own required check (admin forms). `aria`: announced only, because the form
   * checks a whole step itself and shows its toast (the wizard).
   */
  required: 'native' | 'aria';
};

const ADMIN_CONVENTIONS: FieldConventions = { errorText: (message) => message, required: 'native' };

export const FieldConventionsContext = createContext<FieldConventions>(ADMIN_CONVENTIONS);

type BaseProps = {
  name: string;
  label: string;
  required?: boolean;
  readOnly?: boolean;
  hint?: string;
};

/** The inline error of a field, worded by the form's conventions. */
export function useFieldError(name: string): string | undefined {
  const {
    formState: { errors },
  } = useFormContext();
  const message = errors[name]?.message;
  return use(FieldConventionsContext).errorText(typeof message === 'string' ? message : undefined);
}

/** What every field takes from its form: registration, its inline error, and how `required` is marked. */
function useField(name: string, required: boolean | undefined) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const requiredProps: { required?: boolean; 'aria-required'?: boolean } =
    use(FieldConventionsContext).required === 'native' ? { required } : { 'aria-required': required };
  return { register, error, requiredProps };
}

type TextFieldProps = BaseProps & {
  type?: 'text' | 'email' | 'tel' | 'number';
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  placeholder?: string;
  maxLength?: number;
  /** Suggestions the user may pick or ignore (a datalist). */
  suggestions?: readonly string[];
  options?: RegisterOptions;
};

export function TextField({ name, label, required, readOnly, hint, suggestions, options, type = 'text', ...input }: TextFieldProps) {
  const { register, error, requiredProps } = useField(name, required);
  const listId = suggestions ? `${name}-saran` : undefined;
  return (
    <FormField label={label} required={required} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <>
          <Input
            id={id}
            type={type}
            readOnly={readOnly}
            look={readOnly ? 'plain' : 'box'}
            list={listId}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            {...requiredProps}
            {...input}
            {...register(name, options)}
          />
          {suggestions && (
            <datalist id={listId}>
              {suggestions.map((suggestion) => (
                <option key={suggestion} value={suggestion} />
              ))}
            </datalist>
          )}
        </>
      )}
    </FormField>
  );
}

export function TextareaField({ name, label, required, readOnly, hint, placeholder, maxLength }: BaseProps & { placeholder?: string; maxLength?: number }) {
  const { register, error, requiredProps } = useField(name, required);
  return (
    <FormField label={label} required={required} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <Textarea
          id={id}
          rows={3}
          readOnly={readOnly}
          look={readOnly ? 'plain' : 'box'}
          placeholder={placeholder}
          maxLength={maxLength}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          {...requiredProps}
          {...register(name)}
        />
      )}
    </FormField>
  );
}

type SelectFieldProps = BaseProps & {
  options: readonly Choice[];
  /** The empty first choice; left out when a value is always chosen. */
  placeholder?: string;
  /** Optional choices send null for "nothing chosen" (tempat_usaha), which the schema accepts. */
  emptyAsNull?: boolean;
};

export function SelectField({ name, label, required, readOnly, hint, options, placeholder, emptyAsNull }: SelectFieldProps) {
  const { register, error, requiredProps } = useField(name, required);
  return (
    <FormField label={label} required={required} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <NativeSelect
          id={id}
          disabled={readOnly}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          {...requiredProps}
          {...register(name, emptyAsNull ? { setValueAs: (value: unknown) => (value === '' ? null : value) } : {})}
          choices={options}
          placeholder={placeholder}
        />
      )}
    </FormField>
  );
}

/** A value shown in a field's place that no form can change (turnover in the detail screen). */
export function ReadOnlyValue({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <FormField label={label} hint={hint}>
      {({ id, describedBy }) => <Input id={id} value={value} readOnly aria-describedby={describedBy} look="plain" />}
    </FormField>
  );
}
