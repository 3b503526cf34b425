import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useFormContext } from 'react-hook-form';
import { formatRupiah } from '../../../domain/format';
import { ORDER_MESSAGES, type OrderAdminDetail } from '../../../domain/orders';
import { DialogForm } from '../../components/dialog-form';
import { TextareaField, useFieldError } from '../../components/form-fields';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import type { ApiRequestError } from '../../lib/api-client';
import { settleOrderAction } from './order-action-outcome';
import type { OrderFormDialog, OrderFormProps } from './order-dialog';
import { ORDER_TEXTS } from './order-texts';
import { defaultPaymentForm, expectedAmount, paymentFormSchema, toPaymentConfirm, type PaymentForm } from './payment-form';
import { useConfirmPayment } from './use-order-mutations';
import { WholeNumberField } from './whole-number-field';

const FIELDS: readonly string[] = ['jumlah', 'tanggal', 'catatan'];

/** 'Konfirmasi Pembayaran': the admin saw the transfer on the account and records what arrived, and when. */
export const PAYMENT_CONFIRM_DIALOG: OrderFormDialog = {
  title: 'Konfirmasi Pembayaran',
  description: (order) => <ExpectedAmount order={order} />,
  Form: PaymentConfirmForm,
};

function ExpectedAmount({ order }: { order: OrderAdminDetail }) {
  const { pembayaran } = order;
  return (
    <>
      Pesanan <span className="font-mono">{order.kode_pesanan}</span>, {order.nama_toko}. Yang seharusnya diterima:{' '}
      <strong className="text-slate-900">{formatRupiah(expectedAmount(order))}</strong>
      {pembayaran.metode === 'transfer' && (
        <>
          {' '}
          (total {formatRupiah(order.total)} + kode unik {pembayaran.kode_unik})
        </>
      )}
      .
    </>
  );
}

function PaymentConfirmForm({ order, onDone }: OrderFormProps) {
  const expected = expectedAmount(order);
  const form = useForm<PaymentForm>({ resolver: zodResolver(paymentFormSchema(expected)), defaultValues: defaultPaymentForm(order) });
  const confirm = useConfirmPayment();

  const submit = form.handleSubmit((values) =>
    settleOrderAction(confirm.mutateAsync({ id: order.id, body: toPaymentConfirm(values) }), {
      form,
      fieldOf,
      doneText: ORDER_TEXTS.paymentConfirmed,
      failedText: ORDER_TEXTS.paymentConfirmFailed,
      onDone,
    }),
  );

  return (
    <DialogForm form={form} onSubmit={submit} label="Konfirmasi pembayaran" pending={confirm.isPending} submitText="Konfirmasi">
      <WholeNumberField name="jumlah" label="Jumlah diterima" hint={`Seharusnya ${formatRupiah(expected)}.`} />
      <DateField />
      <TextareaField name="catatan" label="Catatan" maxLength={500} hint="Wajib diisi bila jumlah berbeda dari yang seharusnya dibayar." />
    </DialogForm>
  );
}

/** form-fields has no date control: the same wiring, with the browser's date picker. */
function DateField() {
  const { register } = useFormContext<PaymentForm>();
  const error = useFieldError('tanggal');
  return (
    <FormField label="Tanggal diterima" required error={error} hint="Tanggal dana masuk ke rekening (WIB).">
      {({ id, describedBy, invalid }) => (
        <Input id={id} type="date" required aria-describedby={describedBy} aria-invalid={invalid} {...register('tanggal')} />
      )}
    </FormField>
  );
}

/** The form field a 400 is about (a refused amount or date): the server names it, or it is the note the amount needs. */
function fieldOf(error: ApiRequestError): keyof PaymentForm | null {
  if (error.status !== 400) return null;
  if (error.field && FIELDS.includes(error.field)) return error.field as keyof PaymentForm;
  return error.message === ORDER_MESSAGES.amountNoteRequired ? 'catatan' : null;
}
