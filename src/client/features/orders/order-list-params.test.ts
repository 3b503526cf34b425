import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, OrderListQuerySchema } from '../../../domain/orders';
import { lastOrderPage, orderListParams } from './order-list-params';

const statusOf = (status: string) => orderListParams.parse(new URLSearchParams({ status })).status;

describe('orderListParams', () => {
  it('filters by each order status, and an old or mistyped one shows all', () => {
    expect(ORDER_STATUSES.map(statusOf)).toEqual(ORDER_STATUSES);
    // `dibayar` is no status since fulfilment (paid orders wait for verification or packing): an old link shows all.
    expect(['dibayar', 'lunas', 'Dikirim'].map(statusOf)).toEqual(['all', 'all', 'all']);
  });

  it('caps the search at the 100 characters the API accepts', () => {
    const view = orderListParams.parse(new URLSearchParams({ q: 'x'.repeat(150) }));
    expect(view.q).toHaveLength(100);
    expect(OrderListQuerySchema.safeParse(orderListParams.toQuery(view)).success).toBe(true);
  });
});

describe('lastOrderPage', () => {
  it('is at least 1 and rounds up by the page size of 20', () => {
    expect(lastOrderPage(0)).toBe(1);
    expect(lastOrderPage(20)).toBe(1);
    expect(lastOrderPage(21)).toBe(2);
    expect(lastOrderPage(26, 25)).toBe(2);
  });
});
