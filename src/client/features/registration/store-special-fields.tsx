import { useController, useFormContext } from 'react-hook-form';
import { useFieldError } from '../../components/form-fields';
import { CategoryChoice, HELD_FIELDS, HeldInput, type HeldName } from './store-fields';

/** kategori_usaha bound to the step's form (the choice itself: store-fields.tsx). */
export function CategoryField({ startOther }: { startOther?: boolean }) {
  const { control } = useFormContext();
  const { field } = useController({ name: 'kategori_usaha', control });
  const error = useFieldError('kategori_usaha');
  return (
    <CategoryChoice
      value={typeof field.value === 'string' ? field.value : ''}
      startOther={startOther}
      onValue={field.onChange}
      onBlur={field.onBlur}
      controlRef={field.ref}
      error={error}
    />
  );
}

/** kode_pos or omset_per_bulan bound to the step's form, which holds the value in its own shape (store-fields.tsx). */
export function HeldField({ name }: { name: HeldName }) {
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const error = useFieldError(name);
  const { show, hold } = HELD_FIELDS[name];
  return (
    <HeldInput
      name={name}
      text={show(field.value)}
      onText={(typed) => field.onChange(hold(typed))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={error}
    />
  );
}
