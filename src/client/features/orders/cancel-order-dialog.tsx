import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { OrderCancelSchema, type OrderAdminDetail, type OrderCancel } from '../../../domain/orders';
import { TextareaField } from '../../components/form-fields';
import { DialogFormActions, MountedDialog } from '../../components/ui/dialog';
import { WarningNote } from '../../components/warning-note';
import { settleOrderAction } from './order-action-outcome';
import { cancelNeedsRefund } from './order-actions';
import { ORDER_TEXTS } from './order-texts';
import { useCancelOrder } from './use-order-mutations';

type CancelOrderDialogProps = { order: OrderAdminDetail; open: boolean; onClose: () => void };

/** 'Batalkan Pesanan': the units go back to stock; a paid order is then marked for a refund. */
export function CancelOrderDialog({ order, open, onClose }: CancelOrderDialogProps) {
  return (
    <MountedDialog
      open={open}
      onClose={onClose}
      title="Batalkan Pesanan"
      description={
        <>
          Pesanan <span className="font-mono">{order.kode_pesanan}</span> dari {order.nama_toko} akan dibatalkan dan stoknya dikembalikan.
        </>
      }
    >
      <CancelOrderForm order={order} onDone={onClose} />
    </MountedDialog>
  );
}

function CancelOrderForm({ order, onDone }: { order: OrderAdminDetail; onDone: () => void }) {
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
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Batalkan pesanan" className="space-y-4">
        {cancelNeedsRefund(order.status) && <WarningNote text={ORDER_TEXTS.refundWarning} />}
        <TextareaField name="alasan" label="Alasan" required maxLength={500} hint="Minimal 3 karakter. Dicatat di riwayat pesanan." />
        <DialogFormActions pending={cancel.isPending} danger>
          Batalkan Pesanan
        </DialogFormActions>
      </form>
    </FormProvider>
  );
}
