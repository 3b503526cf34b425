import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { OrderCancelSchema, type OrderAdminDetail, type OrderCancel } from '../../../domain/orders';
import { TextareaField } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { WarningNote } from '../../components/warning-note';
import { ApiRequestError } from '../../lib/api-client';
import { serverMessage } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { cancelNeedsRefund } from './order-actions';
import { ORDER_TEXTS } from './order-texts';
import { useCancelOrder } from './use-order-mutations';

type CancelOrderDialogProps = { order: OrderAdminDetail; open: boolean; onClose: () => void };

/** 'Batalkan Pesanan': the units go back to stock; a paid order is then marked for a refund. */
export function CancelOrderDialog({ order, open, onClose }: CancelOrderDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      {open && (
        <DialogContent
          title="Batalkan Pesanan"
          description={
            <>
              Pesanan <span className="font-mono">{order.kode_pesanan}</span> dari {order.nama_toko} akan dibatalkan dan stoknya
              dikembalikan.
            </>
          }
        >
          <CancelOrderForm order={order} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function CancelOrderForm({ order, onDone }: { order: OrderAdminDetail; onDone: () => void }) {
  const form = useForm<OrderCancel>({ resolver: zodResolver(OrderCancelSchema), defaultValues: { alasan: '' } });
  const cancel = useCancelOrder();

  const submit = form.handleSubmit((values) =>
    cancel.mutateAsync({ id: order.id, body: values }).then(
      () => {
        toast.success(ORDER_TEXTS.orderCancelled);
        onDone();
      },
      (error: unknown) => {
        if (error instanceof ApiRequestError && error.status === 400) {
          form.setError('alasan', { message: error.message }, { shouldFocus: true });
          return;
        }
        toast.error(ORDER_TEXTS.orderCancelFailed, { description: serverMessage(error) });
        // 409: the order moved on meanwhile (paid, expired); the screen shows its new state.
        if (error instanceof ApiRequestError && error.status === 409) onDone();
      },
    ),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Batalkan pesanan" className="space-y-4">
        {cancelNeedsRefund(order.status) && <WarningNote text={ORDER_TEXTS.refundWarning} />}
        <TextareaField name="alasan" label="Alasan" required maxLength={500} hint="Minimal 3 karakter. Dicatat di riwayat pesanan." />
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="ghost" disabled={cancel.isPending}>
              Batal
            </Button>
          </DialogClose>
          <Button type="submit" variant="danger" disabled={cancel.isPending} aria-busy={cancel.isPending}>
            Batalkan Pesanan
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
