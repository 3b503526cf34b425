import { Hash, Mail, Search } from 'lucide-react';
import type { ComponentProps, FormEvent } from 'react';
import { STATUS_FORM_TEXTS as T } from '../../../domain/status-form-texts';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { Input } from '../../components/ui/input';
import { InputField } from '../../components/ui/input-field';

type InputProps = ComponentProps<typeof Input>;

export type SearchMode = 'code' | 'email';

export type SearchValues = { code: string; email: string; phone: string };

type StatusSearchFormProps = {
  mode: SearchMode;
  values: SearchValues;
  searching: boolean;
  /** The not-found or failure text shown under the fields. */
  message: string | null;
  onModeChange: (mode: SearchMode) => void;
  onChange: (values: SearchValues) => void;
  onSubmit: () => void;
  /** Any field or button of the form took the focus. */
  onFocus?: () => void;
};

export function canSearch(mode: SearchMode, values: SearchValues): boolean {
  return mode === 'code' ? values.code.trim() !== '' : values.email.trim() !== '' && values.phone.trim() !== '';
}

export function StatusSearchForm({ mode, values, searching, message, onModeChange, onChange, onSubmit, onFocus }: StatusSearchFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSearch(mode, values) && !searching) onSubmit();
  };
  const modeButton = (value: SearchMode, label: string, Icon: typeof Hash) => (
    <Button variant={mode === value ? 'primary' : 'outline'} size="sm" aria-pressed={mode === value} onClick={() => onModeChange(value)}>
      <Icon aria-hidden /> {label}
    </Button>
  );

  /** A labelled input bound to one of the search values; every one carries its SPEC field name. */
  const field = (key: keyof SearchValues, label: string, input: InputProps & { name: string }, clean = (typed: string) => typed) => (
    <InputField
      label={label}
      value={values[key]}
      onChange={(event) => onChange({ ...values, [key]: clean(event.target.value) })}
      {...input}
    />
  );

  return (
    <Card className="p-6 print:hidden">
      <form onSubmit={submit} onFocus={onFocus} aria-label="Cari status pendaftaran" noValidate>
        <div role="group" aria-label="Cari berdasarkan" className="grid gap-2 sm:grid-cols-2">
          {modeButton('code', T.modeCode, Hash)}
          {modeButton('email', T.modeEmailPhone, Mail)}
        </div>
        <div className="mt-5 space-y-4">
          {mode === 'code' ? (
            // Codes are upper case; typing in lower case still finds them.
            field(
              'code',
              T.codeLabel,
              {
                name: 'kode_pendaftaran',
                placeholder: T.codePlaceholder,
                autoComplete: 'off',
                autoCapitalize: 'characters',
                spellCheck: false,
                maxLength: 20,
                className: 'font-mono uppercase tracking-wider',
              },
              (typed) => typed.toUpperCase(),
            )
          ) : (
            <>
              {field('email', T.emailLabel, {
                name: 'email',
                type: 'email',
                placeholder: T.emailPlaceholder,
                autoComplete: 'email',
                maxLength: 254,
              })}
              {field('phone', T.phoneLabel, {
                name: 'no_hp',
                type: 'tel',
                inputMode: 'tel',
                placeholder: T.phonePlaceholder,
                autoComplete: 'tel',
                maxLength: 30,
              })}
            </>
          )}
          {message && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
              {message}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={!canSearch(mode, values) || searching}>
            <Search aria-hidden />
            {searching ? T.searching : T.search}
          </Button>
        </div>
      </form>
    </Card>
  );
}
