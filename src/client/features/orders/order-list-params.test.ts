import { describe, expect, it } from 'vitest';
import { updateListView } from '../../components/list/list-view';
import {
  DEFAULT_ORDER_LIST_VIEW,
  lastOrderPage,
  orderListViewToQuery,
  orderListViewToSearchParams,
  parseOrderListView,
} from './order-list-params';

describe('parseOrderListView', () => {
  it('fills the defaults for an empty URL', () => {
    expect(parseOrderListView(new URLSearchParams())).toEqual({ q: '', status: 'all', page: 1 });
  });

  it('reads every value of a shared link', () => {
    expect(parseOrderListView(new URLSearchParams('q=%20ORD-AB12CD34%20&status=siap_dikemas&page=3'))).toEqual({
      q: 'ORD-AB12CD34',
      status: 'siap_dikemas',
      page: 3,
    });
    expect(parseOrderListView(new URLSearchParams('status=menunggu_pembayaran')).status).toBe('menunggu_pembayaran');
  });

  it('falls back to defaults for values the server would refuse', () => {
    expect(parseOrderListView(new URLSearchParams('status=lunas&page=-2'))).toEqual(DEFAULT_ORDER_LIST_VIEW);
    expect(parseOrderListView(new URLSearchParams('status=Dikirim&page=1.5'))).toEqual(DEFAULT_ORDER_LIST_VIEW);
    // `dibayar` is no status since fulfilment (paid orders wait for verification or packing): an old link shows all.
    expect(parseOrderListView(new URLSearchParams('status=dibayar')).status).toBe('all');
    expect(parseOrderListView(new URLSearchParams('page=100001')).page).toBe(1);
  });

  it('caps the search at the 100 characters the API accepts', () => {
    expect(parseOrderListView(new URLSearchParams({ q: 'x'.repeat(150) })).q).toHaveLength(100);
  });
});

describe('orderListViewToSearchParams', () => {
  it('leaves defaults out', () => {
    expect(orderListViewToSearchParams(DEFAULT_ORDER_LIST_VIEW).toString()).toBe('');
  });

  it('round-trips through parseOrderListView', () => {
    const view = { q: 'Toko Berkah', status: 'kedaluwarsa', page: 4 } as const;
    expect(orderListViewToSearchParams(view).toString()).toBe('q=Toko+Berkah&status=kedaluwarsa&page=4');
    expect(parseOrderListView(orderListViewToSearchParams(view))).toEqual(view);
  });

  it('goes back to page 1 when the search or the filter changes', () => {
    const onPage5 = { ...DEFAULT_ORDER_LIST_VIEW, page: 5 };
    expect(orderListViewToSearchParams(updateListView(onPage5, { status: 'dibatalkan' })).toString()).toBe('status=dibatalkan');
    expect(orderListViewToSearchParams(updateListView(onPage5, { q: 'AIP' })).toString()).toBe('q=AIP');
    expect(orderListViewToSearchParams(updateListView(onPage5, { page: 6 })).toString()).toBe('page=6');
  });
});

describe('orderListViewToQuery', () => {
  it('sends neither an empty search nor the status "all"', () => {
    expect(orderListViewToQuery(DEFAULT_ORDER_LIST_VIEW)).toEqual({ page: 1 });
  });

  it('sends the search, the status and the page', () => {
    expect(orderListViewToQuery({ q: 'ORD-', status: 'dikemas', page: 2 })).toEqual({ q: 'ORD-', status: 'dikemas', page: 2 });
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
