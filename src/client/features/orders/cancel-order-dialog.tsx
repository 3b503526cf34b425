import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { OrderCancelSchema, type OrderCancel } from '../../../domain/orders';
import { DialogForm } from '../../components/dialog-form';
import { TextareaField } from '../../components/form-fields';
import { WarningNote } from '../../components/warning-note';
import { settleOrderAction } from './order-action-outcome';
import { cancelNeedsRefund } from './order-actions';
import type { OrderFormDialog, OrderFormProps } from './order-dialog';
import { ORDER_TEXTS } from './order-texts';
import { useCancelOrder } from './use-order-mutations';

/** 'Batalkan Pesanan': the units go back to stock; a paid order is then marked for a refund. */
export const CANCEL_ORDER_DIALOG: OrderFormDialog = {
  title: 'Batalkan Pesanan',
  description: (order) => (
    <>
      Pesanan <span className="font-mono">{order.kode_pesanan}</span> dari {order.nama_toko} akan dibatalkan dan stoknya dikembalikan.
    </>
  ),
  Form: CancelOrderForm,
};

function CancelOrderForm({ order, onDone }: OrderFormProps) {
  const form = useForm<OrderCancel>({ resolver: zodResolver(OrderCancelSchema), defaultValues: { alasan: '' } });
  const cancel = useCancelOrder();

  const submit = form.handleSubmit((values) =>
    settleOrderAction(cancel.mutateAsync({ id: order.id, body: values }), {
      form,
      fieldOf: (error) => (error.status === 400 ? 'alasan' : null),
      doneText: ORDER_TEXTS.orderCancelled,
      failedText: ORDER_TEXTS.orderCancelFailed,
      onDone,
    }),
  );

  return (
    <DialogForm form={form} onSubmit={submit} label="Batalkan pesanan" pending={cancel.isPending} submitText="Batalkan Pesanan" danger>
      {cancelNeedsRefund(order.status) && <WarningNote text={ORDER_TEXTS.refundWarning} />}
      <TextareaField name="alasan" label="Alasan" required maxLength={500} hint="Minimal 3 karakter. Dicatat di riwayat pesanan." />
    </DialogForm>
  );
}
