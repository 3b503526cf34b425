import { DEVICE_STATUS_LABELS, type DeviceStatus } from '../../../domain/orders';
import { Badge } from '../../components/ui/badge';

// Allocated in the warehouse (indigo, as a packed order), on the road (violet), at the counter (green).
const STATUS_COLOURS: Record<DeviceStatus, string> = {
  dialokasikan: 'bg-indigo-100 text-indigo-900',
  dikirim: 'bg-violet-100 text-violet-900',
  aktif: 'bg-green-100 text-green-800',
};

export function DeviceStatusBadge({ status }: { status: DeviceStatus }) {
  return (
    <Badge className="whitespace-nowrap" colours={STATUS_COLOURS[status]} data-testid="device-status" data-status={status}>
      {DEVICE_STATUS_LABELS[status]}
    </Badge>
  );
}
