import { Link } from 'react-router';
import { formatRupiah } from '../../../domain/format';
import type { OrderAdminDetail } from '../../../domain/orders';
import { Table, TableHead, TableRow, Td, Th } from '../../components/ui/table';
import { DetailList, DetailSection } from './detail-section';

/** The lines as ordered, at the prices of that moment, and the totals. */
export function ItemsCard({ order }: { order: OrderAdminDetail }) {
  return (
    <DetailSection title="Item" className="lg:col-span-2">
      <Table label="Item pesanan">
        <TableHead>
          <tr>
            <Th>Produk</Th>
            <Th className="text-right">Harga</Th>
            <Th className="text-right">Jumlah</Th>
            <Th className="text-right">Subtotal</Th>
          </tr>
        </TableHead>
        <tbody>
          {order.items.map((item) => (
            <TableRow key={item.product_id} data-testid="order-line">
              <Td>
                <div className="font-medium">{item.name}</div>
                <div className="font-mono text-xs text-slate-600">{item.sku}</div>
              </Td>
              <Td className="whitespace-nowrap text-right tabular-nums">{formatRupiah(item.price)}</Td>
              <Td className="text-right tabular-nums">{item.quantity}</Td>
              <Td className="whitespace-nowrap text-right tabular-nums">{formatRupiah(item.line_total)}</Td>
            </TableRow>
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
