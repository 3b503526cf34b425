import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '../../../domain/orders';
import { ListToolbar, ToolbarSelect, type ViewToolbarProps } from '../../components/list/list-toolbar';
import type { OrderListView, OrderStatusFilter } from './order-list-params';

const STATUS_OPTIONS: readonly { value: OrderStatusFilter; label: string }[] = [
  { value: 'all', label: 'Semua' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] })),
];

export function OrderListToolbar(props: ViewToolbarProps<OrderListView>) {
  const { view, onChange } = props;
  return (
    <ListToolbar
      {...props}
      searchLabel="Cari pesanan"
      searchPlaceholder="Cari kode pesanan, kode pendaftaran, atau nama toko..."
      refreshLabel="Refresh daftar pesanan"
    >
      <ToolbarSelect
        label="Status"
        name="status"
        className="w-56"
        value={view.status}
        options={STATUS_OPTIONS}
        onChange={(status) => onChange({ status })}
      />
    </ListToolbar>
  );
}
