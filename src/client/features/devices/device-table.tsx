import { History } from 'lucide-react';
import { Link } from 'react-router';
import type { DeviceListItem } from '../../../domain/orders';
import { buttonColumn, ColumnTable, timeColumn, type Column } from '../../components/list/column-table';
import { DeviceStatusBadge } from './device-status-badge';
import { DEVICE_TEXTS } from './device-texts';

const LINK = 'rounded hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

const SERIAL: Column<DeviceListItem> = {
  header: 'Nomor Seri',
  className: 'whitespace-nowrap font-mono text-xs font-medium',
  cell: (device) => device.nomor_seri,
};
const PRODUCT: Column<DeviceListItem> = { header: 'Produk', cell: (device) => device.product_name };
const MERCHANT: Column<DeviceListItem> = {
  header: 'Merchant',
  cell: (device) => (
    <>
      <Link to={`/admin/merchants/${encodeURIComponent(device.merchant_id)}`} className={`font-medium ${LINK}`}>
        {device.nama_toko}
      </Link>
      <div className="font-mono text-xs text-slate-600">{device.kode_pendaftaran}</div>
    </>
  ),
};
const ORDER: Column<DeviceListItem> = {
  header: 'Pesanan',
  className: 'whitespace-nowrap font-mono text-xs',
  cell: (device) => (
    <Link to={`/admin/orders/${encodeURIComponent(device.order_id)}`} className={LINK}>
      {device.kode_pesanan}
    </Link>
  ),
};
const STATUS: Column<DeviceListItem> = { header: 'Status', cell: (device) => <DeviceStatusBadge status={device.status} /> };
const UPDATED = timeColumn('Diperbarui', (device: DeviceListItem) => device.updated_at);

type DeviceTableProps = {
  items: DeviceListItem[] | undefined;
  loading: boolean;
  emptyText: string;
  /** Left out on a merchant's own tab, where every row is that merchant's. */
  showMerchant?: boolean;
  onHistory: (device: DeviceListItem) => void;
};

export function DeviceTable({ items, loading, emptyText, showMerchant = true, onHistory }: DeviceTableProps) {
  const history = buttonColumn({
    header: 'Riwayat',
    Icon: History,
    text: 'Riwayat',
    itemName: (device) => device.nomor_seri,
    onClick: onHistory,
  });
  return (
    <ColumnTable
      label="Daftar perangkat"
      item="device"
      columns={[SERIAL, PRODUCT, ...(showMerchant ? [MERCHANT] : []), ORDER, STATUS, UPDATED, history]}
      messages={{ failed: DEVICE_TEXTS.listLoadFailed, empty: emptyText }}
      items={items}
      loading={loading}
    />
  );
}
