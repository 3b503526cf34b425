import { use, type HTMLInputAutoCompleteAttribute, type ReactElement } from 'react';
import { useFormContext, type FieldValues, type RegisterOptions, type UseFormRegister } from 'react-hook-form';
import { ConventionField, FieldConventionsContext, type FieldControlProps } from './field-conventions';
import { FormField } from './ui/form-field';
import { Input, NativeSelect, Textarea, type Choice } from './ui/input';

/**
 * Labelled fields wired to the surrounding react-hook-form, for the registration wizard and the admin
 * forms alike. Each control carries the SPEC field name as `name`. With `readOnly` (the admin detail's
 * view mode) text stays focusable and readable, and choices are disabled, since a select has no read-only.
 */

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

/** The props a form-bound control gets: its id, descriptions and `required` mark, and its registration. */
type BoundControlProps = FieldControlProps & ReturnType<UseFormRegister<FieldValues>>;

/** A labelled control wired to the surrounding form: its registration and its inline error; `control` draws the control itself. */
function BoundField({
  name,
  label,
  required,
  hint,
  options,
  control,
}: BaseProps & { options?: RegisterOptions; control: (props: BoundControlProps) => ReactElement }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <ConventionField
      label={label}
      required={required}
      hint={hint}
      error={error}
      control={(props) => control({ ...props, ...register(name, options) })}
    />
  );
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

export function TextField({ readOnly, suggestions, type = 'text', name, label, required, hint, options, ...input }: TextFieldProps) {
  const listId = suggestions ? `${name}-saran` : undefined;
  const control = (bound: BoundControlProps) => (
    <>
      <Input type={type} readOnly={readOnly} look={readOnly ? 'plain' : 'box'} list={listId} {...input} {...bound} />
      {suggestions && (
        <datalist id={listId}>
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      )}
    </>
  );
  return <BoundField name={name} label={label} required={required} hint={hint} options={options} control={control} />;
}

export function TextareaField({ readOnly, placeholder, maxLength, ...field }: BaseProps & { placeholder?: string; maxLength?: number }) {
  const control = (bound: BoundControlProps) => (
    <Textarea rows={3} readOnly={readOnly} look={readOnly ? 'plain' : 'box'} placeholder={placeholder} maxLength={maxLength} {...bound} />
  );
  return <BoundField {...field} control={control} />;
}

type SelectFieldProps = BaseProps & {
  options: readonly Choice[];
  /** The empty first choice; left out when a value is always chosen. */
  placeholder?: string;
  /** Optional choices send null for "nothing chosen" (tempat_usaha), which the schema accepts. */
  emptyAsNull?: boolean;
};

export function SelectField({ readOnly, options, placeholder, emptyAsNull, ...field }: SelectFieldProps) {
  const control = (bound: BoundControlProps) => <NativeSelect disabled={readOnly} choices={options} placeholder={placeholder} {...bound} />;
  const registerOptions = emptyAsNull ? { setValueAs: (value: unknown) => (value === '' ? null : value) } : {};
  return <BoundField {...field} options={registerOptions} control={control} />;
}

/** A value shown in a field's place that no form can change (turnover in the detail screen). */
export function ReadOnlyValue({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <FormField label={label} hint={hint}>
      {({ id, describedBy }) => <Input id={id} value={value} readOnly aria-describedby={describedBy} look="plain" />}
    </FormField>
  );
}
