import { describe, expect, it } from 'vitest';
import { DeviceListQuerySchema } from '../../../domain/orders';
import { updateListView } from '../../components/list/list-view';
import { DEFAULT_DEVICE_LIST_VIEW, deviceListViewToQuery, deviceListViewToSearchParams, parseDeviceListView } from './device-list-params';

const MERCHANT = '0b5c7a52-3f1e-4c8e-9d21-6a0f2b9e4d17';

describe('parseDeviceListView', () => {
  it('fills the defaults for an empty URL', () => {
    expect(parseDeviceListView(new URLSearchParams())).toEqual({ q: '', status: 'all', page: 1 });
  });

  it('reads every value of a shared link', () => {
    expect(parseDeviceListView(new URLSearchParams('q=%20A920-0001%20&status=aktif&page=3'))).toEqual({
      q: 'A920-0001',
      status: 'aktif',
      page: 3,
    });
    expect(parseDeviceListView(new URLSearchParams('status=dialokasikan')).status).toBe('dialokasikan');
  });

  it('falls back to defaults for values the server would refuse', () => {
    expect(parseDeviceListView(new URLSearchParams('status=rusak&page=0'))).toEqual(DEFAULT_DEVICE_LIST_VIEW);
    expect(parseDeviceListView(new URLSearchParams('status=Aktif&page=2.5'))).toEqual(DEFAULT_DEVICE_LIST_VIEW);
    expect(parseDeviceListView(new URLSearchParams('page=100001')).page).toBe(1);
  });

  it('caps the search at the 30 characters of a serial, which the API accepts', () => {
    const view = parseDeviceListView(new URLSearchParams({ q: 'A'.repeat(45) }));
    expect(view.q).toHaveLength(30);
    expect(DeviceListQuerySchema.safeParse(deviceListViewToQuery(view)).success).toBe(true);
  });
});

describe('deviceListViewToSearchParams', () => {
  it('leaves defaults out', () => {
    expect(deviceListViewToSearchParams(DEFAULT_DEVICE_LIST_VIEW).toString()).toBe('');
  });

  it('round-trips through parseDeviceListView', () => {
    const view = { q: 'SN-A920', status: 'dikirim', page: 4 } as const;
    expect(deviceListViewToSearchParams(view).toString()).toBe('q=SN-A920&status=dikirim&page=4');
    expect(parseDeviceListView(deviceListViewToSearchParams(view))).toEqual(view);
  });

  it('goes back to page 1 when the search or the filter changes', () => {
    const onPage5 = { ...DEFAULT_DEVICE_LIST_VIEW, page: 5 };
    expect(deviceListViewToSearchParams(updateListView(onPage5, { status: 'aktif' })).toString()).toBe('status=aktif');
    expect(deviceListViewToSearchParams(updateListView(onPage5, { q: 'SN' })).toString()).toBe('q=SN');
    expect(deviceListViewToSearchParams(updateListView(onPage5, { page: 6 })).toString()).toBe('page=6');
  });
});

describe('deviceListViewToQuery', () => {
  it('sends neither an empty search nor the status "all"', () => {
    expect(deviceListViewToQuery(DEFAULT_DEVICE_LIST_VIEW)).toEqual({ page: 1 });
  });

  it('sends the search, the status, the page and, on a merchant, its id; the API schema accepts it', () => {
    const query = deviceListViewToQuery({ q: 'a920', status: 'aktif', page: 2 }, MERCHANT);
    expect(query).toEqual({ q: 'a920', status: 'aktif', merchant_id: MERCHANT, page: 2 });
    expect(DeviceListQuerySchema.parse(query)).toEqual(query);
  });
});
