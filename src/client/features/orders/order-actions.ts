import type { OrderStatus } from '../../../domain/orders';

/** What the admin can do to an order from its detail screen; each opens a dialog of its own. */
export type OrderAction = 'payment' | 'pack' | 'ship' | 'deliver' | 'cancel';

// The server's transitions (it answers 409 to any other): paid orders can still be cancelled until
// they leave the warehouse, and a cancelled paid order is marked for a refund.
const ACTIONS: Record<OrderStatus, readonly OrderAction[]> = {
  menunggu_pembayaran: ['payment', 'cancel'],
  menunggu_verifikasi: ['cancel'],
  siap_dikemas: ['pack', 'cancel'],
  dikemas: ['ship', 'cancel'],
  dikirim: ['deliver'],
  diterima: [],
  kedaluwarsa: [],
  dibatalkan: [],
};

/** The actions an order's status allows, in the order the header shows them (the next step first). */
export function orderActions(status: OrderStatus): readonly OrderAction[] {
  return ACTIONS[status];
}

/** A cancellation that happens after payment: the money has to go back. */
export function cancelNeedsRefund(status: OrderStatus): boolean {
  return status === 'menunggu_verifikasi' || status === 'siap_dikemas' || status === 'dikemas';
}
