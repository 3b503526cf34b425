import { useId, type ReactElement, type ReactNode } from 'react';
import { Label } from './label';

export type FormFieldProps = {
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  /** Receives the ids to wire: the control's id and the ids that describe it. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactElement;
};

/** Label, control, helper text and inline error, wired together for assistive technology. */
export function FormField({ label, required, hint, error, children }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
