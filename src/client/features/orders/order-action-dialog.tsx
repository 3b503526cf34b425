import type { OrderAdminDetail } from '../../../domain/orders';
import { MountedDialog } from '../../components/ui/dialog';
import { CANCEL_ORDER_DIALOG } from './cancel-order-dialog';
import { DeliverOrderDialog } from './deliver-order-dialog';
import type { OrderAction } from './order-actions';
import type { OrderFormDialog } from './order-dialog';
import { PACK_ORDER_DIALOG } from './pack-order-dialog';
import { PAYMENT_CONFIRM_DIALOG } from './payment-confirm-dialog';
import { SHIP_ORDER_DIALOG } from './ship-order-dialog';

const FORM_DIALOGS: Record<Exclude<OrderAction, 'deliver'>, OrderFormDialog> = {
  payment: PAYMENT_CONFIRM_DIALOG,
  pack: PACK_ORDER_DIALOG,
  ship: SHIP_ORDER_DIALOG,
  cancel: CANCEL_ORDER_DIALOG,
};

type OrderActionDialogProps = { order: OrderAdminDetail; action: OrderAction | null; onClose: () => void };

/**
 * The dialog of the action the admin chose on the order detail: a form, or for 'Tandai Diterima' a question.
 * A live refresh may move the order on while it is open: the server's 409 then says so.
 */
export function OrderActionDialog({ order, action, onClose }: OrderActionDialogProps) {
  const dialog = action === null || action === 'deliver' ? null : FORM_DIALOGS[action];
  return (
    <>
      <MountedDialog open={dialog !== null} onClose={onClose} title={dialog?.title ?? ''} description={dialog?.description(order)}>
        {dialog && <dialog.Form order={order} onDone={onClose} />}
      </MountedDialog>
      <DeliverOrderDialog order={order} open={action === 'deliver'} onClose={onClose} />
    </>
  );
}
