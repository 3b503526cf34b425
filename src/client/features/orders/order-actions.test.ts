import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../../domain/orders';
import { cancelNeedsRefund, orderActions, type OrderAction } from './order-actions';

const allowing = (action: OrderAction) => ORDER_STATUSES.filter((status) => orderActions(status).includes(action));

describe('orderActions', () => {
  it.each<[OrderAction, string[]]>([
    ['payment', ['menunggu_pembayaran']],
    ['pack', ['siap_dikemas']],
    ['ship', ['dikemas']],
    ['deliver', ['dikirim']],
    ['cancel', ['menunggu_pembayaran', 'menunggu_verifikasi', 'siap_dikemas', 'dikemas']],
  ])('offers %s only on the statuses the server moves on from: %j', (action, statuses) => {
    expect(allowing(action)).toEqual(statuses);
  });

  it('offers nothing once the order is received, expired or cancelled', () => {
    expect(ORDER_STATUSES.filter((status) => orderActions(status).length === 0)).toEqual(['diterima', 'kedaluwarsa', 'dibatalkan']);
  });

  it('puts the next step first and cancelling last', () => {
    expect(orderActions('menunggu_pembayaran')).toEqual(['payment', 'cancel']);
    expect(orderActions('siap_dikemas')).toEqual(['pack', 'cancel']);
    expect(orderActions('dikemas')).toEqual(['ship', 'cancel']);
  });
});

describe('cancelNeedsRefund', () => {
  it('warns of a refund for the paid statuses that can still be cancelled, not for an unpaid order', () => {
    expect(ORDER_STATUSES.filter(cancelNeedsRefund)).toEqual(['menunggu_verifikasi', 'siap_dikemas', 'dikemas']);
  });
});
