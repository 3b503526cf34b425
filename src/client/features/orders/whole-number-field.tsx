import { TextField } from '../../components/form-fields';

/** A required whole number the admin types (rupiah, units): the numeric keypad, and no autofill of an old entry. */
export function WholeNumberField({ name, label, hint }: { name: string; label: string; hint: string }) {
  return <TextField name={name} label={label} hint={hint} required inputMode="numeric" autoComplete="off" />;
}
