import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateTimeWib } from '../../../domain/format';
import type { OrderAdminDetail } from '../../../domain/orders';
import { Table, TableHead, TableRow, Td, Th } from '../../components/ui/table';
import { DeviceStatusBadge } from '../devices/public';
import { DetailList, DetailSection } from './detail-section';

const LINK =
  'inline-flex items-center gap-1 rounded text-brand-700 underline hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600';

/** Whether the order has reached the warehouse: paid by a verified merchant, or further. */
export function hasFulfilment(order: OrderAdminDetail): boolean {
  return order.devices.length > 0 || order.pengiriman_paket !== null || order.status === 'siap_dikemas';
}

/** Perangkat dan Paket: the serials packed (each a device of the merchant) and how the parcel travels. */
export function FulfilmentCard({ order }: { order: OrderAdminDetail }) {
  const names = new Map(order.items.map((item) => [item.product_id, item.name]));
  const shipment = order.pengiriman_paket;
  return (
    <DetailSection title="Perangkat dan Paket" className="lg:col-span-2">
      {order.devices.length === 0 ? (
        <p className="text-sm text-slate-600">Belum dikemas: nomor seri dicatat dengan tombol Kemas.</p>
      ) : (
        <Table label="Perangkat pesanan">
          <TableHead>
            <tr>
              <Th>Nomor Seri</Th>
              <Th>Produk</Th>
              <Th>Status</Th>
            </tr>
          </TableHead>
          <tbody>
            {order.devices.map((device) => (
              <TableRow key={device.id} data-testid="order-device">
                <Td className="whitespace-nowrap font-mono text-xs font-medium">
                  <Link
                    to={`/admin/devices?q=${encodeURIComponent(device.nomor_seri)}`}
                    className="rounded hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    {device.nomor_seri}
                  </Link>
                </Td>
                <Td>{names.get(device.product_id) ?? `Produk #${device.product_id}`}</Td>
                <Td>
                  <DeviceStatusBadge status={device.status} />
                </Td>
              </TableRow>
            ))}
          </tbody>
        </Table>
      )}
      {shipment && (
        <div className="mt-4">
          <DetailList
            rows={[
              ['Kurir', shipment.kurir_label],
              [
                'Nomor resi',
                <span key="resi" className="font-mono" data-testid="no-resi">
                  {shipment.no_resi}
                </span>,
              ],
              [
                'Lacak paket',
                shipment.tracking_url && (
                  <a key="lacak" href={shipment.tracking_url} target="_blank" rel="noopener noreferrer" className={LINK}>
                    Buka halaman pelacakan {shipment.kurir_label} <ExternalLink aria-hidden className="size-3.5" />
                    <span className="sr-only">(tab baru)</span>
                  </a>
                ),
              ],
              ['Dikirim pada', formatDateTimeWib(shipment.shipped_at)],
              ['Diterima pada', order.delivered_at && formatDateTimeWib(order.delivered_at)],
            ]}
          />
        </div>
      )}
    </DetailSection>
  );
}
