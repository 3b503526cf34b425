import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeviceListItem } from '../../../domain/orders';
import { retryServerErrors } from '../../lib/api-errors';
import { DeviceHistoryDialog } from './device-history-dialog';
import { deviceListParams, deviceListViewToQuery } from './device-list-params';
import { DevicePager } from './device-pager';
import { DeviceTable } from './device-table';
import { DEVICE_TEXTS } from './device-texts';
import { deviceKeys, fetchDeviceList } from './devices-api';
import { useLiveDeviceUpdates } from './use-live-device-updates';

/** The merchant detail's tab Perangkat: the devices sent to this merchant, newest first. */
export function MerchantDevicesTab({ merchantId }: { merchantId: string }) {
  // The page stays in the tab: the detail's URL is the merchant's, and a tab is not a list screen.
  const [page, setPage] = useState(1);
  const query = deviceListViewToQuery({ ...deviceListParams.defaults, page }, merchantId);
  const devices = useQuery({
    queryKey: deviceKeys.list(query),
    queryFn: ({ signal }) => fetchDeviceList(query, signal),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
  useLiveDeviceUpdates();
  const [history, setHistory] = useState<DeviceListItem | null>(null);
  return (
    <div className="space-y-4">
      <DeviceTable
        items={devices.data?.items}
        loading={devices.isPending}
        emptyText="Merchant ini belum memiliki perangkat"
        showMerchant={false}
        onHistory={setHistory}
      />
      {devices.data && <DevicePager page={page} hasMore={devices.data.has_more} onPageChange={setPage} />}
      {devices.isError && devices.data && <p className="text-sm text-red-700">{DEVICE_TEXTS.listLoadFailed}</p>}
      <DeviceHistoryDialog device={history} onClose={() => setHistory(null)} />
    </div>
  );
}
