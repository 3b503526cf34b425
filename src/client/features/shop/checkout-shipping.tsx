import { useEffect, useId, useRef, type ChangeEvent } from 'react';
import { useForm, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form';
import { API_MESSAGES } from '../../../domain/messages';
import type { MerchantCheckResponse } from '../../../domain/orders';
import { FormField } from '../../components/ui/form-field';
import { Checkbox, Input, Textarea } from '../../components/ui/input';
import { SHIPPING_FIELDS, type ShippingField, type ShippingValues } from './checkout-draft';

// This step is a chunk of its own, loaded once the registration is checked: the form library and the
// schema with zod stay out of the checkout's first load (page budgets, decision 0043).
const loadSchema = async () => (await import('../../../domain/orders')).ShippingSchema;
const loadZodResolver = () => import('@hookform/resolvers/zod');

const shippingResolver: Resolver<ShippingValues> = async (values, context, options) => {
  const loaded = await Promise.all([loadSchema(), loadZodResolver()]).catch(() => null);
  if (!loaded) {
    const errors = { root: { type: 'unavailable', message: API_MESSAGES.unavailable } } as FieldErrors<ShippingValues>;
    return { values: {}, errors };
  }
  const [schema, { zodResolver }] = loaded;
  // Raw values: the draft keeps what was typed; the server trims when it parses the order.
  return (zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<ShippingValues>)(values, context, options);
};

/** Whether the values pass the schema, without marking any field (the order button waits on it). */
async function passes(values: ShippingValues): Promise<boolean> {
  const schema = await loadSchema().catch(() => null);
  return schema?.safeParse(values).success ?? false;
}

/** The shipping fields from the registration's store address ('Sama dengan alamat usaha'). */
export function storeAddress(merchant: MerchantCheckResponse): ShippingValues {
  const { alamat } = merchant;
  return {
    nama_penerima: merchant.nama_pemilik,
    no_hp_penerima: merchant.no_hp,
    alamat_pengiriman: [alamat.alamat_jalan, alamat.kecamatan].filter((part) => part.trim() !== '').join(', '),
    kota_kab: alamat.kota_kab,
    provinsi: alamat.provinsi,
    kode_pos: alamat.kode_pos,
  };
}

type FieldSpec = {
  name: ShippingField;
  label: string;
  multiline?: boolean;
  wide?: boolean;
  type?: 'text' | 'tel';
  inputMode?: 'text' | 'tel' | 'numeric';
  autoComplete?: string;
  maxLength: number;
  hint?: string;
  /** What the field keeps of a keystroke (digits only for the postal code). */
  clean?: (typed: string) => string;
};

const FIELDS: readonly FieldSpec[] = [
  { name: 'nama_penerima', label: 'Nama Penerima', autoComplete: 'name', maxLength: 100 },
  { name: 'no_hp_penerima', label: 'Nomor HP Penerima', type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: 30 },
  {
    name: 'alamat_pengiriman',
    label: 'Alamat Pengiriman',
    multiline: true,
    wide: true,
    autoComplete: 'street-address',
    maxLength: 500,
    hint: 'Nama jalan, nomor, RT/RW, kelurahan, kecamatan',
  },
  { name: 'kota_kab', label: 'Kota/Kabupaten', autoComplete: 'address-level2', maxLength: 100 },
  { name: 'provinsi', label: 'Provinsi', autoComplete: 'address-level1', maxLength: 100 },
  {
    name: 'kode_pos',
    label: 'Kode Pos',
    inputMode: 'numeric',
    autoComplete: 'postal-code',
    maxLength: 6,
    hint: '3-6 digit angka',
    clean: (typed) => typed.replace(/\D/g, '').slice(0, 6),
  },
];

function ShippingInput({ form, spec, readOnly }: { form: UseFormReturn<ShippingValues>; spec: FieldSpec; readOnly: boolean }) {
  const error = form.formState.errors[spec.name]?.message;
  const { onChange, ...registered } = form.register(spec.name);
  const change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (spec.clean) event.target.value = spec.clean(event.target.value);
    void onChange(event);
  };
  const look = readOnly ? 'plain' : 'box';
  return (
    <div className={spec.wide ? 'sm:col-span-2' : undefined}>
      <FormField label={spec.label} required hint={spec.hint} error={error}>
        {({ id, describedBy, invalid }) => {
          const shared = {
            id,
            'aria-describedby': describedBy,
            'aria-invalid': invalid,
            'aria-required': true,
            readOnly,
            maxLength: spec.maxLength,
            autoComplete: spec.autoComplete,
            ...registered,
            onChange: change,
          };
          return spec.multiline ? (
            <Textarea rows={3} look={look} {...shared} />
          ) : (
            <Input type={spec.type ?? 'text'} inputMode={spec.inputMode} look={look} {...shared} />
          );
        }}
      </FormField>
    </div>
  );
}

export type ShippingStepProps = {
  merchant: MerchantCheckResponse;
  defaults: ShippingValues;
  sameAsStore: boolean;
  onSameAsStoreChange: (same: boolean) => void;
  /** Every change, at once: the draft keeps what is typed even if the page is reloaded right after. */
  onChange: (values: ShippingValues) => void;
  /** Whether the values pass the schema, once checked (the schema loads with the first check). */
  onValidity: (valid: boolean) => void;
  /** A field the server refused when the order was sent. */
  serverError: { field: ShippingField; message: string } | null;
};

/** Step 3: where the devices go; prefilled from the store address unless the visitor chooses otherwise. */
export function ShippingStep({
  merchant,
  defaults,
  sameAsStore,
  onSameAsStoreChange,
  onChange,
  onValidity,
  serverError,
}: ShippingStepProps) {
  const checkboxId = useId();
  const form = useForm<ShippingValues>({
    resolver: shippingResolver,
    defaultValues: defaults,
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const reported = useRef({ onChange, onValidity });
  useEffect(() => {
    reported.current = { onChange, onValidity };
  }, [onChange, onValidity]);

  useEffect(() => {
    let latest = 0;
    const report = (values: ShippingValues) => {
      reported.current.onChange(values);
      const call = ++latest;
      // Only the newest check reports: a slower earlier one must not overwrite it.
      void passes(values).then((valid) => {
        if (call === latest) reported.current.onValidity(valid);
      });
    };
    report(form.getValues());
    return form.subscribe({ formState: { values: true }, callback: ({ values }) => report(values) });
  }, [form]);

  useEffect(() => {
    if (!sameAsStore) return;
    const address = storeAddress(merchant);
    for (const field of SHIPPING_FIELDS) form.setValue(field, address[field], { shouldDirty: true, shouldValidate: true });
  }, [form, merchant, sameAsStore]);

  useEffect(() => {
    if (serverError) form.setError(serverError.field, { type: 'server', message: serverError.message }, { shouldFocus: true });
  }, [form, serverError]);

  return (
    <form noValidate aria-label="Alamat pengiriman" onSubmit={(event) => event.preventDefault()}>
      <div className="mb-4 flex items-center gap-2">
        <Checkbox id={checkboxId} checked={sameAsStore} onChange={(event) => onSameAsStoreChange(event.target.checked)} />
        <label htmlFor={checkboxId} className="text-sm font-medium text-slate-800">
          Sama dengan alamat usaha
        </label>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((spec) => (
          <ShippingInput key={spec.name} form={form} spec={spec} readOnly={sameAsStore} />
        ))}
      </div>
      {/* The inline errors, read out as they appear: FormField ties each to its control only by description. */}
      <div aria-live="polite" className="sr-only">
        {FIELDS.flatMap((spec) => {
          const message = form.formState.errors[spec.name]?.message;
          return message ? [<p key={spec.name}>{`${spec.label}: ${message}`}</p>] : [];
        })}
      </div>
      {form.formState.errors.root && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {form.formState.errors.root.message}
        </p>
      )}
    </form>
  );
}
