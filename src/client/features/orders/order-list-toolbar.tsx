import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '../../../domain/orders';
import { ListToolbar, ToolbarSelect, type ViewToolbarProps } from '../../components/list/list-toolbar';
import type { OrderListView, OrderStatusFilter } from './order-list-params';

const STATUS_OPTIONS: readonly { value: OrderStatusFilter; label: string }[] = [
  { value: 'all', label: 'Semua' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] })),
];

export function OrderListToolbar(props: ViewToolbarProps<OrderListView>) {
  return (
    <ListToolbar
      {...props}
      searchLabel="Cari pesanan"
      searchPlaceholder="Cari kode pesanan, kode pendaftaran, atau nama toko..."
      refreshLabel="Refresh daftar pesanan"
    >
      <ToolbarSelect {...props} field="status" label="Status" className="w-56" options={STATUS_OPTIONS} />
    </ListToolbar>
  );
}
