import { List } from 'lucide-react';
import { Fragment, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { formatRupiah } from '../../../domain/format';
import { BUSINESS_CATEGORIES, OTHER_CATEGORY, PREMISES } from '../../../domain/vocabularies';
import { ConventionField } from '../../components/field-conventions';
import { Button } from '../../components/ui/button';
import { Input, NativeSelect } from '../../components/ui/input';
import { STEPS } from './wizard-steps';

/**
 * Step 1's fields as the page shows them, free of react-hook-form: the step paints from these before that
 * library has loaded (store-step-preview.tsx) and binds the same ones to it afterwards (store-step.tsx), so
 * the two forms cannot drift apart (decision 0047).
 */

export type StoreFieldName = (typeof STEPS)[0]['fields'][number];

/** The plain text fields of step 1: label, required mark, hint and the control's own attributes. */
export const STORE_TEXT_FIELDS = {
  nama_toko: { label: 'Nama Toko', required: true, autoComplete: 'organization', placeholder: 'Contoh: Toko Sumber Rejeki' },
  kecamatan: { label: 'Kecamatan', required: true },
  kota_kab: { label: 'Kota/Kabupaten', required: true },
  provinsi: { label: 'Provinsi', required: true },
} as const;

export const ADDRESS_FIELD = {
  label: 'Alamat Lengkap',
  required: true,
  hint: 'Nama jalan, nomor, RT/RW, kelurahan',
  placeholder: 'Contoh: Jl. Merdeka No. 10, RT 02/RW 03, Kel. Gambir',
} as const;

/** tempat_usaha: optional, so its empty choice is sent as null. */
export const PREMISES_FIELD = { label: 'Status Tempat Usaha', options: PREMISES, placeholder: 'Pilih (opsional)' } as const;

// Across both columns; the rest pair up.
const WIDE: ReadonlySet<StoreFieldName> = new Set(['nama_toko', 'kategori_usaha', 'alamat_jalan']);

/** Step 1's fields in the order of docs/spec.md §2, whatever draws each of them. */
export function StoreFieldsLayout({ fields }: { fields: Record<StoreFieldName, ReactNode> }) {
  return STEPS[0].fields.map((name) =>
    WIDE.has(name) ? (
      <div key={name} className="sm:col-span-2">
        {fields[name]}
      </div>
    ) : (
      <Fragment key={name}>{fields[name]}</Fragment>
    ),
  );
}

// 13 digits reach the schema's ceiling (1 trillion) and stay far inside a safe integer.
const MAX_TURNOVER_DIGITS = 13;

/** A required input whose value the form holds in another shape than the text it shows. */
type HeldSpec = {
  label: string;
  hint: string;
  /** The text the control shows for the value the form holds. */
  show: (value: unknown) => string;
  /** The value the form holds for what was typed. */
  hold: (typed: string) => unknown;
  input: Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'onChange'>;
};

export const HELD_FIELDS = {
  /** kode_pos keeps only digits, at most 6 (docs/spec.md §5). */
  kode_pos: {
    label: 'Kode Pos',
    hint: '3-6 digit angka',
    show: (value) => (typeof value === 'string' ? value : ''),
    hold: (typed) => typed.replace(/\D/g, '').slice(0, 6),
    input: { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 6 },
  },
  /** omset_per_bulan shows as rupiah while typing; the form holds the integer (NaN while empty). */
  omset_per_bulan: {
    label: 'Omset per Bulan',
    hint: 'Perkiraan omset rata-rata per bulan dalam rupiah',
    show: (value) => (typeof value === 'number' && Number.isFinite(value) ? formatRupiah(value) : ''),
    hold: (typed) => {
      const digits = typed
        .replace(/\D/g, '')
        .replace(/^0+(?=\d)/, '')
        .slice(0, MAX_TURNOVER_DIGITS);
      return digits === '' ? Number.NaN : Number(digits);
    },
    input: { inputMode: 'numeric', placeholder: 'Rp 0' },
  },
} satisfies Record<string, HeldSpec>;

export type HeldName = keyof typeof HELD_FIELDS;

type HeldInputProps = {
  name: HeldName;
  /** The text shown: `show` of the value held. */
  text: string;
  onText: (typed: string) => void;
  onBlur?: () => void;
  inputRef?: (element: HTMLInputElement | null) => void;
  error?: string;
};

/** kode_pos or omset_per_bulan: the input showing the held value's text. */
export function HeldInput({ name, text, onText, onBlur, inputRef, error }: HeldInputProps) {
  const { label, hint, input } = HELD_FIELDS[name];
  return (
    <ConventionField
      label={label}
      required
      hint={hint}
      error={error}
      control={(props) => (
        <Input
          {...props}
          name={name}
          ref={inputRef}
          value={text}
          onChange={(event) => onText(event.target.value)}
          onBlur={onBlur}
          {...input}
        />
      )}
    />
  );
}

const LISTED: readonly string[] = BUSINESS_CATEGORIES;

type CategoryChoiceProps = {
  value: string;
  /** Opens on the free-text input even while it is empty: Lainnya was chosen on the preview before the swap. */
  startOther?: boolean;
  /** What was chosen or typed; '' when Lainnya opens the free-text input or the list comes back. */
  onValue: (value: string) => void;
  onBlur?: () => void;
  controlRef?: (element: HTMLInputElement | HTMLSelectElement | null) => void;
  error?: string;
};

/**
 * kategori_usaha: the list, or, after Lainnya, a free-text input whose text is what is sent, with a
 * button back to the list (docs/spec.md §2). Only one control carries the name at a time.
 */
export function CategoryChoice({ value, startOther = false, onValue, onBlur, controlRef, error }: CategoryChoiceProps) {
  // A typed category coming back from a later step or the draft reopens the free-text input.
  const [other, setOther] = useState(() => startOther || (value !== '' && !LISTED.includes(value)));
  // Set when the control is swapped (Lainnya, or back to the list), so its replacement takes the focus once.
  const focusNext = useRef(false);
  const takeFocus = (element: HTMLInputElement | HTMLSelectElement | null) => {
    controlRef?.(element);
    if (element && focusNext.current) {
      focusNext.current = false;
      element.focus();
    }
  };
  const swap = (toOther: boolean) => {
    focusNext.current = true;
    setOther(toOther);
    onValue('');
  };
  const bound = { name: 'kategori_usaha', value, ref: takeFocus, onBlur };

  if (other) {
    return (
      <ConventionField
        label="Kategori Usaha"
        required
        hint="Tuliskan kategori usaha Anda"
        error={error}
        control={(props) => (
          <div className="flex gap-2">
            <Input
              {...props}
              {...bound}
              onChange={(event) => onValue(event.target.value)}
              placeholder="Contoh: Kerajinan Tangan"
              maxLength={100}
            />
            <Button variant="secondary" onClick={() => swap(false)}>
              <List aria-hidden /> Pilih dari daftar
            </Button>
          </div>
        )}
      />
    );
  }
  return (
    <ConventionField
      label="Kategori Usaha"
      required
      error={error}
      control={(props) => (
        <NativeSelect
          {...props}
          {...bound}
          onChange={(event) => (event.target.value === OTHER_CATEGORY ? swap(true) : onValue(event.target.value))}
          choices={BUSINESS_CATEGORIES}
          placeholder="Pilih kategori usaha"
        />
      )}
    />
  );
}
