import { List } from 'lucide-react';
import { useRef, useState, type ComponentProps } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { formatRupiah } from '../../../domain/format';
import { BUSINESS_CATEGORIES, OTHER_CATEGORY } from '../../../domain/vocabularies';
import { useFieldError } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input, NativeSelect } from '../../components/ui/input';

const LISTED: readonly string[] = BUSINESS_CATEGORIES;

/**
 * kategori_usaha: the list, or, after Lainnya, a free-text input whose text is what is sent, with a
 * button back to the list (docs/spec.md §2). Only one control carries the name at a time.
 */
export function CategoryField() {
  const { control } = useFormContext();
  const { field } = useController({ name: 'kategori_usaha', control });
  const error = useFieldError('kategori_usaha');
  const value = typeof field.value === 'string' ? field.value : '';
  // A typed category coming back from a later step reopens the free-text input.
  const [other, setOther] = useState(() => value !== '' && !LISTED.includes(value));
  // Set when the control is swapped (Lainnya, or back to the list), so its replacement takes the focus once.
  const focusNext = useRef(false);
  const takeFocus = (element: HTMLInputElement | HTMLSelectElement | null) => {
    field.ref(element);
    if (element && focusNext.current) {
      focusNext.current = false;
      element.focus();
    }
  };

  if (other) {
    return (
      <FormField label="Kategori Usaha" required hint="Tuliskan kategori usaha Anda" error={error}>
        {({ id, describedBy, invalid }) => (
          <div className="flex gap-2">
            <Input
              id={id}
              name={field.name}
              value={value}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              ref={takeFocus}
              placeholder="Contoh: Kerajinan Tangan"
              maxLength={100}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              aria-required
            />
            <Button
              variant="secondary"
              onClick={() => {
                focusNext.current = true;
                setOther(false);
                field.onChange('');
              }}
            >
              <List aria-hidden /> Pilih dari daftar
            </Button>
          </div>
        )}
      </FormField>
    );
  }

  return (
    <FormField label="Kategori Usaha" required error={error}>
      {({ id, describedBy, invalid }) => (
        <NativeSelect
          id={id}
          name={field.name}
          value={value}
          ref={takeFocus}
          onBlur={field.onBlur}
          onChange={(event) => {
            if (event.target.value === OTHER_CATEGORY) {
              setOther(true);
              focusNext.current = true;
              field.onChange('');
            } else {
              field.onChange(event.target.value);
            }
          }}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          aria-required
          choices={BUSINESS_CATEGORIES}
          placeholder="Pilih kategori usaha"
        />
      )}
    </FormField>
  );
}

type HeldFieldProps = Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'onChange'> & {
  name: string;
  label: string;
  hint: string;
  /** The text the control shows for the value the form holds. */
  show: (value: unknown) => string;
  /** The value the form holds for what was typed. */
  hold: (typed: string) => unknown;
};

/** A required input whose value the form holds in another shape than the text it shows. */
function HeldField({ name, label, hint, show, hold, ...input }: HeldFieldProps) {
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const error = useFieldError(name);
  return (
    <FormField label={label} required hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <Input
          id={id}
          name={field.name}
          ref={field.ref}
          value={show(field.value)}
          onChange={(event) => field.onChange(hold(event.target.value))}
          onBlur={field.onBlur}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          aria-required
          {...input}
        />
      )}
    </FormField>
  );
}

/** kode_pos keeps only digits, at most 6 (docs/spec.md §5). */
export function PostalCodeField() {
  return (
    <HeldField
      name="kode_pos"
      label="Kode Pos"
      hint="3-6 digit angka"
      show={(value) => (typeof value === 'string' ? value : '')}
      hold={(typed) => typed.replace(/\D/g, '').slice(0, 6)}
      inputMode="numeric"
      autoComplete="postal-code"
      maxLength={6}
    />
  );
}

// 13 digits reach the schema's ceiling (1 trillion) and stay far inside a safe integer.
const MAX_TURNOVER_DIGITS = 13;

/** omset_per_bulan shows as rupiah while typing; the form holds the integer (NaN while empty). */
export function TurnoverField() {
  return (
    <HeldField
      name="omset_per_bulan"
      label="Omset per Bulan"
      hint="Perkiraan omset rata-rata per bulan dalam rupiah"
      show={(value) => (typeof value === 'number' && Number.isFinite(value) ? formatRupiah(value) : '')}
      hold={(typed) => {
        const digits = typed
          .replace(/\D/g, '')
          .replace(/^0+(?=\d)/, '')
          .slice(0, MAX_TURNOVER_DIGITS);
        return digits === '' ? Number.NaN : Number(digits);
      }}
      inputMode="numeric"
      placeholder="Rp 0"
    />
  );
}
