import type { OrderAdminDetail } from '../../../domain/orders';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { ApiRequestError } from '../../lib/api-client';
import { serverMessage } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { ORDER_TEXTS } from './order-texts';
import { useMarkDelivered } from './use-order-mutations';

type DeliverOrderDialogProps = { order: OrderAdminDetail; open: boolean; onClose: () => void };

/** 'Tandai Diterima': the courier or the merchant says the parcel arrived; its devices become active. */
export function DeliverOrderDialog({ order, open, onClose }: DeliverOrderDialogProps) {
  const deliver = useMarkDelivered();
  const confirm = () =>
    deliver.mutateAsync({ id: order.id, body: null }).then(
      () => {
        toast.success(ORDER_TEXTS.orderDelivered);
        onClose();
      },
      (error: unknown) => {
        toast.error(ORDER_TEXTS.orderDeliverFailed, { description: serverMessage(error) });
        // 409: the merchant confirmed it first, or the order moved otherwise; the screen shows its state.
        if (error instanceof ApiRequestError && error.status === 409) onClose();
      },
    );
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Tandai Diterima"
      description={
        <>
          Pesanan <span className="font-mono">{order.kode_pesanan}</span> sudah diterima {order.nama_toko}? Semua perangkatnya menjadi
          aktif.
        </>
      }
      confirmLabel="Tandai Diterima"
      onConfirm={() => void confirm()}
      pending={deliver.isPending}
    />
  );
}
