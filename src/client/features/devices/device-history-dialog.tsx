import { useQuery } from '@tanstack/react-query';
import { formatDateTimeWib } from '../../../domain/format';
import { DEVICE_STATUS_LABELS, type DeviceListItem } from '../../../domain/orders';
import { ItemDialog } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { retryServerErrors } from '../../lib/api-errors';
import { DEVICE_TEXTS } from './device-texts';
import { deviceKeys, fetchDevice } from './devices-api';

type DeviceHistoryDialogProps = { device: DeviceListItem | null; onClose: () => void };

/** A device's history, oldest first: allocated when packed, shipped, active once received. */
export function DeviceHistoryDialog({ device, onClose }: DeviceHistoryDialogProps) {
  return (
    <ItemDialog item={device} onClose={onClose} title="Riwayat Perangkat" description={deviceSummary}>
      {({ id }) => <DeviceHistory id={id} />}
    </ItemDialog>
  );
}

/** Which device: its serial, product and merchant, and the order it came with. */
function deviceSummary(device: DeviceListItem) {
  return (
    <>
      <span className="font-mono">{device.nomor_seri}</span>, {device.product_name}, {device.nama_toko} (pesanan{' '}
      <span className="font-mono">{device.kode_pesanan}</span>).
    </>
  );
}

function DeviceHistory({ id }: { id: string }) {
  const detail = useQuery({ queryKey: deviceKeys.detail(id), queryFn: ({ signal }) => fetchDevice(id, signal), retry: retryServerErrors });
  if (detail.isPending) {
    return (
      <div className="space-y-2" aria-busy aria-label="Memuat riwayat perangkat">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (detail.isError) return <p className="text-sm text-red-700">{DEVICE_TEXTS.historyLoadFailed}</p>;
  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4" aria-label="Riwayat perangkat">
      {detail.data.history.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="text-sm" data-testid="device-history-entry">
          <p className="font-medium text-slate-900">{DEVICE_STATUS_LABELS[entry.status]}</p>
          <p className="text-xs text-slate-600">
            <time dateTime={entry.at}>{formatDateTimeWib(entry.at)}</time>
            {entry.oleh && <> oleh {entry.oleh}</>}
          </p>
        </li>
      ))}
    </ol>
  );
}
