import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';

/** A password field with a show/hide toggle that is a real, labelled, keyboard-reachable button. */
export function PasswordInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className="pr-11" />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? 'Sembunyikan password' : 'Tampilkan password'}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600"
      >
        {visible ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
      </button>
    </div>
  );
}

type PasswordFieldProps = Omit<ComponentProps<'input'>, 'type' | 'id' | 'aria-describedby'> & { label: string; hint?: ReactNode };

/** A labelled, required password field. */
export function PasswordField({ label, hint, ...input }: PasswordFieldProps) {
  return (
    <FormField label={label} required hint={hint}>
      {({ id, describedBy }) => <PasswordInput id={id} aria-describedby={describedBy} required {...input} />}
    </FormField>
  );
}

type CurrentPasswordFieldProps = { label: string; name: string; value: string; onValue: (value: string) => void };

/** The password the admin has now: to sign in, and to confirm a change of it. */
export function CurrentPasswordField({ label, name, value, onValue }: CurrentPasswordFieldProps) {
  return (
    <PasswordField
      label={label}
      name={name}
      autoComplete="current-password"
      value={value}
      onChange={(event) => onValue(event.target.value)}
    />
  );
}
