import type { ReactNode } from 'react';
import { InputField } from '../../components/ui/input-field';
import { cn } from '../../lib/cn';

type LookupFieldProps = {
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  /** A value already checked: shown as plain text that cannot be typed over. */
  locked?: boolean;
  plain?: boolean;
};

/** The props both fields set alike: the value, its hint, and a checked value shown locked. */
function lookupInput({ value, hint, locked, plain }: LookupFieldProps) {
  return { value, hint, readOnly: locked, look: plain ? 'plain' : 'box' } as const;
}

/** A code the shop looks up (a registration or an order): uppercased as typed, in a monospaced font. */
export function CodeField({ label, name, ...field }: LookupFieldProps & { label: string; name: string }) {
  return (
    <InputField
      label={label}
      name={name}
      {...lookupInput(field)}
      onChange={(event) => field.onChange(event.target.value.toUpperCase())}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={20}
      className="font-mono uppercase tracking-wider"
    />
  );
}

/** The phone number the registration was made with: what proves the code is the customer's own. */
export function RegisteredPhoneField(field: LookupFieldProps) {
  return (
    <InputField
      label="Nomor HP terdaftar"
      name="no_hp"
      type="tel"
      inputMode="tel"
      {...lookupInput(field)}
      onChange={(event) => field.onChange(event.target.value)}
      autoComplete="tel"
      maxLength={30}
      placeholder="081234567890"
    />
  );
}

/** A refusal of a shop form, in the server's or the form's words. */
export function FormAlert({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <p role="alert" className={cn('rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700', className)}>
      {children}
    </p>
  );
}
