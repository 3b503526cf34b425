import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../../domain/orders';
import { cancelNeedsRefund, orderActions } from './order-actions';

describe('orderActions', () => {
  it('offers each status its next step, and cancelling until the order is shipped', () => {
    expect(Object.fromEntries(ORDER_STATUSES.map((status) => [status, orderActions(status)]))).toEqual({
      menunggu_pembayaran: ['payment', 'cancel'],
      menunggu_verifikasi: ['cancel'],
      siap_dikemas: ['pack', 'cancel'],
      dikemas: ['ship', 'cancel'],
      dikirim: ['deliver'],
      diterima: [],
      kedaluwarsa: [],
      dibatalkan: [],
    });
  });
});

describe('cancelNeedsRefund', () => {
  it('warns of a refund for the paid statuses that can still be cancelled, not for an unpaid order', () => {
    expect(ORDER_STATUSES.filter(cancelNeedsRefund)).toEqual(['menunggu_verifikasi', 'siap_dikemas', 'dikemas']);
  });
});
