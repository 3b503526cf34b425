import { History } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateTimeWib } from '../../../domain/format';
import type { DeviceListItem } from '../../../domain/orders';
import { DataTable } from '../../components/list/data-table';
import { Button } from '../../components/ui/button';
import { TableRow, Td } from '../../components/ui/table';
import { DeviceStatusBadge } from './device-status-badge';
import { DEVICE_TEXTS } from './device-texts';

const LINK = 'rounded hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

type DeviceTableProps = {
  items: DeviceListItem[] | undefined;
  loading: boolean;
  emptyText: string;
  /** Left out on a merchant's own tab, where every row is that merchant's. */
  showMerchant?: boolean;
  onHistory: (device: DeviceListItem) => void;
};

export function DeviceTable({ items, loading, emptyText, showMerchant = true, onHistory }: DeviceTableProps) {
  const columns = ['Nomor Seri', 'Produk', ...(showMerchant ? ['Merchant'] : []), 'Pesanan', 'Status', 'Diperbarui', 'Riwayat'];
  return (
    <DataTable
      label="Daftar perangkat"
      columns={columns}
      items={items}
      loading={loading}
      loadingRows={5}
      failedText={DEVICE_TEXTS.listLoadFailed}
      emptyText={emptyText}
      renderRow={(device) => (
        <TableRow key={device.id} data-device-id={device.id}>
          <Td className="whitespace-nowrap font-mono text-xs font-medium">{device.nomor_seri}</Td>
          <Td>{device.product_name}</Td>
          {showMerchant && (
            <Td>
              <Link to={`/admin/merchants/${encodeURIComponent(device.merchant_id)}`} className={`font-medium ${LINK}`}>
                {device.nama_toko}
              </Link>
              <div className="font-mono text-xs text-slate-600">{device.kode_pendaftaran}</div>
            </Td>
          )}
          <Td className="whitespace-nowrap font-mono text-xs">
            <Link to={`/admin/orders/${encodeURIComponent(device.order_id)}`} className={LINK}>
              {device.kode_pesanan}
            </Link>
          </Td>
          <Td>
            <DeviceStatusBadge status={device.status} />
          </Td>
          <Td className="whitespace-nowrap">
            <time dateTime={device.updated_at}>{formatDateTimeWib(device.updated_at)}</time>
          </Td>
          <Td>
            <Button variant="outline" size="sm" onClick={() => onHistory(device)} aria-label={`Riwayat ${device.nomor_seri}`}>
              <History aria-hidden /> Riwayat
            </Button>
          </Td>
        </TableRow>
      )}
    />
  );
}
