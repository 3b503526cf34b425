import { describe, expect, it } from 'vitest';
import { DEVICE_STATUSES, DeviceListQuerySchema } from '../../../domain/orders';
import { deviceListParams, deviceListViewToQuery } from './device-list-params';

const MERCHANT = '0b5c7a52-3f1e-4c8e-9d21-6a0f2b9e4d17';

describe('deviceListParams', () => {
  it('filters by each device status and by no other', () => {
    expect(DEVICE_STATUSES.map((status) => deviceListParams.parse(new URLSearchParams({ status })).status)).toEqual(DEVICE_STATUSES);
    expect(deviceListParams.parse(new URLSearchParams('status=rusak')).status).toBe('all');
  });

  it('caps the search at the 30 characters of a serial, which the API accepts', () => {
    const view = deviceListParams.parse(new URLSearchParams({ q: 'A'.repeat(45) }));
    expect(view.q).toHaveLength(30);
    expect(DeviceListQuerySchema.safeParse(deviceListViewToQuery(view)).success).toBe(true);
  });
});

describe('deviceListViewToQuery', () => {
  it('sends neither an empty search nor the status "all", nor a merchant when there is none', () => {
    expect(deviceListViewToQuery(deviceListParams.defaults)).toEqual({ page: 1 });
  });

  it('sends the search, the status, the page and, on a merchant, its id; the API schema accepts it', () => {
    const query = deviceListViewToQuery({ q: 'a920', status: 'aktif', page: 2 }, MERCHANT);
    expect(query).toEqual({ q: 'a920', status: 'aktif', merchant_id: MERCHANT, page: 2 });
    expect(DeviceListQuerySchema.parse(query)).toEqual(query);
  });
});
