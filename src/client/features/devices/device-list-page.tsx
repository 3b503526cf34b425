import { useEffect, useState } from 'react';
import { DEVICE_STATUS_LABELS, DEVICE_STATUSES, type DeviceListItem } from '../../../domain/orders';
import { ListToolbar, ToolbarSelect } from '../../components/list/list-toolbar';
import { useUrlList } from '../../components/list/use-url-list';
import { isUnauthorized, retryServerErrors } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { DeviceHistoryDialog } from './device-history-dialog';
import { deviceListViewToQuery, deviceListViewToSearchParams, parseDeviceListView, type DeviceStatusFilter } from './device-list-params';
import { DevicePager } from './device-pager';
import { DeviceTable } from './device-table';
import { DEVICE_TEXTS } from './device-texts';
import { deviceKeys, fetchDeviceList } from './devices-api';
import { useLiveDeviceUpdates } from './use-live-device-updates';

const DEVICE_STATUS_OPTIONS: readonly { value: DeviceStatusFilter; label: string }[] = [
  { value: 'all', label: 'Semua' },
  ...DEVICE_STATUSES.map((status) => ({ value: status, label: DEVICE_STATUS_LABELS[status] })),
];

/** /admin/devices: every device by serial number; search (exact or prefix), status and page in the URL. */
export function DeviceListPage() {
  const title = 'Perangkat';
  usePageTitle(title);
  const { view, setView, result } = useUrlList({
    parse: parseDeviceListView,
    toSearchParams: deviceListViewToSearchParams,
    toQuery: (current) => deviceListViewToQuery(current),
    queryKey: deviceKeys.list,
    fetch: fetchDeviceList,
    retry: retryServerErrors,
  });
  useLiveDeviceUpdates();
  const [history, setHistory] = useState<DeviceListItem | null>(null);

  const { error, errorUpdatedAt } = result;
  useEffect(() => {
    if (error && !isUnauthorized(error)) toast.error(DEVICE_TEXTS.listLoadFailed, { id: 'device-list-error' });
  }, [error, errorUpdatedAt]);

  const filtered = view.q !== '' || view.status !== 'all';
  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">
          Setiap unit yang dikemas, menurut nomor serinya. Cari dengan nomor seri lengkap atau awalannya.
        </p>
      </div>
      <ListToolbar
        view={view}
        onChange={setView}
        onRefresh={() => void result.refetch()}
        refreshing={result.isFetching}
        searchLabel="Cari nomor seri"
        searchPlaceholder="Cari nomor seri (lengkap atau awalan)..."
        searchMaxLength={30}
        refreshLabel="Refresh daftar perangkat"
      >
        <ToolbarSelect view={view} onChange={setView} field="status" label="Status" className="w-48" options={DEVICE_STATUS_OPTIONS} />
      </ListToolbar>
      <DeviceTable
        items={result.data?.items}
        loading={result.isPending}
        emptyText={filtered ? DEVICE_TEXTS.noMatch : DEVICE_TEXTS.emptyDevices}
        onHistory={setHistory}
      />
      {result.data && <DevicePager page={view.page} hasMore={result.data.has_more} onPageChange={(page) => setView({ page })} />}
      <DeviceHistoryDialog device={history} onClose={() => setHistory(null)} />
    </main>
  );
}
