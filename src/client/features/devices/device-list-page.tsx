import { useState } from 'react';
import { DEVICE_STATUS_LABELS, DEVICE_STATUSES, type DeviceListItem } from '../../../domain/orders';
import { PageHeading } from '../../components/layout/page-heading';
import { ListToolbar, ToolbarSelect } from '../../components/list/list-toolbar';
import { useUrlList } from '../../components/list/use-url-list';
import { retryServerErrors } from '../../lib/api-errors';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';
import { usePageTitle } from '../../lib/use-page-title';
import { DeviceHistoryDialog } from './device-history-dialog';
import { deviceListParams, type DeviceStatusFilter } from './device-list-params';
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
    ...deviceListParams,
    queryKey: deviceKeys.list,
    fetch: fetchDeviceList,
    retry: retryServerErrors,
  });
  useLiveDeviceUpdates();
  const [history, setHistory] = useState<DeviceListItem | null>(null);
  useLoadErrorToast(result, DEVICE_TEXTS.listLoadFailed);

  const filtered = view.q !== '' || view.status !== 'all';
  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <PageHeading title={title}>
        Setiap unit yang dikemas, menurut nomor serinya. Cari dengan nomor seri lengkap atau awalannya.
      </PageHeading>
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
