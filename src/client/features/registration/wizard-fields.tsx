import type { HTMLInputAutoCompleteAttribute } from 'react';
import { useFormContext } from 'react-hook-form';
import { FormField } from '../../components/ui/form-field';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { inlineMessage } from './wizard-steps';

type BaseProps = {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
};

/** The inline error of a field, in its SPEC §5 inline wording. */
export function useFieldError(name: string): string | undefined {
  const {
    formState: { errors },
  } = useFormContext();
  const message = errors[name]?.message;
  return inlineMessage(typeof message === 'string' ? message : undefined);
}

type TextFieldProps = BaseProps & {
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  placeholder?: string;
  maxLength?: number;
};

export function TextField({ name, label, required, hint, type = 'text', ...input }: TextFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <FormField label={label} required={required} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <Input id={id} type={type} aria-describedby={describedBy} aria-invalid={invalid} aria-required={required} {...input} {...register(name)} />
      )}
    </FormField>
  );
}

export function TextareaField({ name, label, required, hint, placeholder }: BaseProps & { placeholder?: string }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <FormField label={label} required={required} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <Textarea
          id={id}
          rows={3}
          placeholder={placeholder}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          aria-required={required}
          {...register(name)}
        />
      )}
    </FormField>
  );
}

type SelectFieldProps = BaseProps & {
  options: readonly string[];
  placeholder: string;
  /** Optional choices send null for "nothing chosen" (tempat_usaha), which the schema accepts. */
  emptyAsNull?: boolean;
};

export function SelectField({ name, label, required, hint, options, placeholder, emptyAsNull }: SelectFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <FormField label={label} required={required} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <NativeSelect
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          aria-required={required}
          {...register(name, emptyAsNull ? { setValueAs: (value: unknown) => (value === '' ? null : value) } : {})}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}
