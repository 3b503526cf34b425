import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle } from 'lucide-react';
import { useMemo, type KeyboardEvent } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { DialogForm } from '../../components/dialog-form';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { ApiRequestError } from '../../lib/api-client';
import { serverMessage } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import type { OrderFormDialog, OrderFormProps } from './order-dialog';
import { ORDER_TEXTS } from './order-texts';
import {
  afterEnter,
  defaultPackForm,
  packFormSchema,
  packUnitLabel,
  packUnits,
  unitOfRefusal,
  type PackForm,
  type PackUnit,
} from './pack-form';
import { usePackOrder } from './use-order-mutations';

/** 'Kemas': one serial number per ordered unit, typed or scanned; each becomes a device of the merchant. */
export const PACK_ORDER_DIALOG: OrderFormDialog = {
  title: 'Kemas Pesanan',
  description: (order) => (
    <>
      Pesanan <span className="font-mono">{order.kode_pesanan}</span> dari {order.nama_toko}. Ketik atau pindai nomor seri setiap unit;
      Enter pindah ke unit berikutnya.
    </>
  ),
  Form: PackOrderForm,
};

function PackOrderForm({ order, onDone }: OrderFormProps) {
  const units = useMemo(() => packUnits(order.items), [order.items]);
  const form = useForm<PackForm>({ resolver: zodResolver(packFormSchema), defaultValues: defaultPackForm(units) });
  const pack = usePackOrder();
  const fieldName = (index: number) => `units.${index}.nomor_seri` as const;

  const submit = form.handleSubmit((values) =>
    pack.mutateAsync({ id: order.id, body: values }).then(
      () => {
        toast.success(ORDER_TEXTS.orderPacked);
        onDone();
      },
      (error: unknown) => {
        // 409 of the status: the order moved on meanwhile (cancelled, packed elsewhere); the screen shows it.
        if (error instanceof ApiRequestError && error.code === 'ORDER_STATUS_CONFLICT') {
          toast.error(ORDER_TEXTS.orderPackFailed, { description: error.message });
          onDone();
          return;
        }
        // A serial taken by another order (409) or typed twice: under its unit, in the server's words.
        if (error instanceof ApiRequestError) {
          const unit = unitOfRefusal(
            error,
            form.getValues('units').map((u) => u.nomor_seri),
          );
          if (unit !== null) {
            form.setError(fieldName(unit), { message: error.message }, { shouldFocus: true });
            return;
          }
        }
        form.setError('root.server', { message: serverMessage(error) ?? ORDER_TEXTS.orderPackFailed });
        toast.error(ORDER_TEXTS.orderPackFailed, { description: serverMessage(error) });
      },
    ),
  );

  // A scanner types the serial and then Enter: on to the next unit, and from the last one, send.
  const onEnter = (index: number) => {
    const next = afterEnter(
      form.getValues('units').map((unit) => unit.nomor_seri),
      index,
    );
    if ('submit' in next) void submit();
    else form.setFocus(fieldName(next.focus));
  };

  const serverError = form.formState.errors.root?.server?.message;
  return (
    <DialogForm form={form} onSubmit={submit} label="Kemas pesanan" pending={pack.isPending} submitText="Simpan">
      {serverError && (
        <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-2 text-sm text-red-800">
          <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
          {serverError}
        </p>
      )}
      <ol className="space-y-3">
        {units.map((unit, index) => (
          <li key={`${unit.product_id}-${unit.unit}`}>
            <SerialField control={form.control} index={index} unit={unit} autoFocus={index === 0} onEnter={() => onEnter(index)} />
          </li>
        ))}
      </ol>
    </DialogForm>
  );
}

type SerialFieldProps = { control: Control<PackForm>; index: number; unit: PackUnit; autoFocus: boolean; onEnter: () => void };

/** One unit's serial: uppercased as typed, every field named `nomor_seri` as the request names it. */
function SerialField({ control, index, unit, autoFocus, onEnter }: SerialFieldProps) {
  const { field, fieldState } = useController({ control, name: `units.${index}.nomor_seri` });
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Not the browser's implicit submission: Enter steps through the units first.
    event.preventDefault();
    onEnter();
  };
  return (
    <FormField label={packUnitLabel(unit)} required error={fieldState.error?.message}>
      {({ id, describedBy, invalid }) => (
        <Input
          id={id}
          ref={field.ref}
          name="nomor_seri"
          value={field.value}
          onChange={(event) => field.onChange(event.target.value.toUpperCase())}
          onBlur={field.onBlur}
          onKeyDown={onKeyDown}
          required
          autoFocus={autoFocus}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono"
          aria-describedby={describedBy}
          aria-invalid={invalid}
        />
      )}
    </FormField>
  );
}
