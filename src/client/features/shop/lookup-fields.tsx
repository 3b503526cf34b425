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

/** A code the shop looks up (a registration or an order): uppercased as typed, in a monospaced font. */
export function CodeField({ label, name, value, onChange, hint, locked, plain }: LookupFieldProps & { label: string; name: string }) {
  return (
    <InputField
      label={label}
      hint={hint}
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value.toUpperCase())}
      readOnly={locked}
      look={plain ? 'plain' : 'box'}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={20}
      className="font-mono uppercase tracking-wider"
    />
  );
}

/** The phone number the registration was made with: what proves the code is the customer's own. */
export function RegisteredPhoneField({ value, onChange, hint, locked, plain }: LookupFieldProps) {
  return (
    <InputField
      label="Nomor HP terdaftar"
      hint={hint}
      name="no_hp"
      type="tel"
      inputMode="tel"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      readOnly={locked}
      look={plain ? 'plain' : 'box'}
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
