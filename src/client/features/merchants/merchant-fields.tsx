import type { HTMLInputAutoCompleteAttribute } from 'react';
import { useFormContext, type RegisterOptions } from 'react-hook-form';
import { FormField } from '../../components/ui/form-field';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';

/**
 * Fields of the admin merchant forms (create, and the detail's Profil cards), wired to the surrounding
 * react-hook-form. Each control carries the SPEC field name as `name`. In the detail's view mode text
 * is read-only (still focusable and readable) and choices are disabled, since a select has no read-only.
 */
type BaseProps = {
  name: string;
  label: string;
  required?: boolean;
  readOnly?: boolean;
  hint?: string;
};

// View mode must not look editable: a quiet background, no field border.

function useFieldError(name: string): string | undefined {
  const {
    formState: { errors },
  } = useFormContext();
  const message = errors[name]?.message;
  return typeof message === 'string' ? message : undefined;
}

type TextFieldProps = BaseProps & {
  type?: 'text' | 'email' | 'tel' | 'number';
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  maxLength?: number;
  /** Suggestions the admin may pick or ignore (a datalist). */
  suggestions?: readonly string[];
  options?: RegisterOptions;
};

export function TextField({ name, label, required, readOnly, hint, suggestions, options, ...input }: TextFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const listId = suggestions ? `${name}-saran` : undefined;
  return (
    <FormField label={label} required={required} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <>
          <Input
            id={id}
            required={required}
            readOnly={readOnly}
            look={readOnly ? 'plain' : 'box'}
            list={listId}
            aria-describedby={describedBy}
            aria-invalid={invalid}
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

export function TextareaField({ name, label, required, readOnly, hint, maxLength }: BaseProps & { maxLength?: number }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <FormField label={label} required={required} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <Textarea
          id={id}
          rows={3}
          required={required}
          readOnly={readOnly}
          look={readOnly ? 'plain' : 'box'}
          maxLength={maxLength}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          {...register(name)}
        />
      )}
    </FormField>
  );
}

export type SelectOption = { value: string; label: string };

type SelectFieldProps = BaseProps & {
  options: readonly (string | SelectOption)[];
  /** The empty first choice; left out when a value is always chosen. */
  placeholder?: string;
};

export function SelectField({ name, label, required, readOnly, hint, options, placeholder }: SelectFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <FormField label={label} required={required} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <NativeSelect id={id} required={required} disabled={readOnly} aria-describedby={describedBy} aria-invalid={invalid} {...register(name)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => {
            const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </NativeSelect>
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
