import { Link } from 'react-router';
import { formatRupiah } from '../../../domain/format';
import type { OrderAdminDetail, OrderItem } from '../../../domain/orders';
import { ColumnHead, ColumnRow, type Column } from '../../components/list/column-table';
import { Table } from '../../components/ui/table';
import { DetailList, DetailSection } from './detail-section';

const LINE_COLUMNS: readonly Column<OrderItem>[] = [
  {
    header: 'Produk',
    cell: (line) => (
      <>
        <div className="font-medium">{line.name}</div>
        <div className="font-mono text-xs text-slate-600">{line.sku}</div>
      </>
    ),
  },
  { header: 'Harga', alignRight: true, className: 'whitespace-nowrap tabular-nums', cell: (line) => formatRupiah(line.price) },
  { header: 'Jumlah', alignRight: true, className: 'tabular-nums', cell: (line) => line.quantity },
  { header: 'Subtotal', alignRight: true, className: 'whitespace-nowrap tabular-nums', cell: (line) => formatRupiah(line.line_total) },
];

/** The lines as ordered, at the prices of that moment, and the totals. */
export function ItemsCard({ order }: { order: OrderAdminDetail }) {
  return (
    <DetailSection title="Item" className="lg:col-span-2">
      <Table label="Item pesanan">
        <ColumnHead columns={LINE_COLUMNS} />
        <tbody>
          {order.items.map((line) => (
            <ColumnRow key={line.product_id} columns={LINE_COLUMNS} item={line} data-testid="order-line" />
          ))}
        </tbody>
      </Table>
      <dl className="mt-4 ml-auto max-w-xs space-y-1 text-sm">
        <TotalRow label="Subtotal" value={formatRupiah(order.subtotal)} />
        {/* Shipping is free in this version. */}
        <TotalRow label="Ongkos kirim" value={order.ongkir === 0 ? 'Gratis' : formatRupiah(order.ongkir)} />
        <TotalRow label="Total" value={formatRupiah(order.total)} strong />
      </dl>
    </DetailSection>
  );
}

function TotalRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={strong ? 'flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-bold' : 'flex justify-between gap-4'}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={strong ? 'order-total' : undefined}>
        {value}
      </dd>
    </div>
  );
}

export function MerchantCard({ order }: { order: OrderAdminDetail }) {
  return (
    <DetailSection title="Merchant">
      <DetailList
        rows={[
          ['Nama toko', order.nama_toko],
          [
            'Kode pendaftaran',
            <Link
              key="kode"
              to={`/admin/merchants/${encodeURIComponent(order.merchant_id)}`}
              className="rounded font-mono text-brand-700 underline hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {order.kode_pendaftaran}
            </Link>,
          ],
        ]}
      />
    </DetailSection>
  );
}

export function ShippingCard({ order }: { order: OrderAdminDetail }) {
  const { pengiriman } = order;
  return (
    <DetailSection title="Pengiriman">
      <DetailList
        rows={[
          ['Nama penerima', pengiriman.nama_penerima],
          ['No. HP penerima', pengiriman.no_hp_penerima],
          [
            'Alamat',
            <address key="alamat" className="not-italic">
              {pengiriman.alamat_pengiriman}
              <br />
              {pengiriman.kota_kab}, {pengiriman.provinsi} {pengiriman.kode_pos}
            </address>,
          ],
        ]}
      />
    </DetailSection>
  );
}
