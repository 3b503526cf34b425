import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDateTimeWib, formatRupiah } from '../../../domain/format';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '../../../domain/order-texts';
import type { OrderPublic } from '../../../domain/orders';
import { MerchantTimeline } from '../../components/merchant-timeline';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { ORDER_STATUS_COLOURS } from '../../lib/order-status-style';
import { OrderPayment } from './order-payment';
import { OrderShipment } from './order-shipment';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-3">{children}</div>
    </Card>
  );
}

type OrderDetailsProps = {
  order: OrderPublic;
  token: string;
  refreshing: boolean;
  onReload: () => void;
  /** An answer of an action on the order ('Pesanan Sudah Diterima'): the page shows it at once. */
  onChanged: (order: OrderPublic) => void;
};

/** The order as its buyer sees it: status, its shipment, what to pay and how, its timeline, the lines and where they go. */
export function OrderDetails({ order, token, refreshing, onReload, onChanged }: OrderDetailsProps) {
  const shipping = order.pengiriman;
  const shipment = order.pengiriman_paket;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Pesanan {order.kode_pesanan}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {order.nama_toko} ({order.kode_pendaftaran}) · {formatDateTimeWib(order.created_at)}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Badge size="md" colours={ORDER_STATUS_COLOURS[order.status]} data-testid="order-status">
            {ORDER_STATUS_LABELS[order.status]}
          </Badge>
          <Button variant="outline" size="sm" onClick={onReload} disabled={refreshing}>
            <RefreshCw aria-hidden className={cn(refreshing && 'animate-spin')} /> Muat Ulang
          </Button>
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {refreshing ? 'Memuat status pesanan...' : `Status: ${ORDER_STATUS_LABELS[order.status]}`}
      </p>

      <div className="mt-6 space-y-6">
        {/* Once shipped, where the parcel is matters more than how it was paid. */}
        {shipment && (
          <Section title="Pengiriman">
            <OrderShipment order={order} shipment={shipment} token={token} onChanged={onChanged} onStale={onReload} />
          </Section>
        )}

        <Section title={`Pembayaran · ${PAYMENT_METHOD_LABELS[order.pembayaran.metode]}`}>
          <OrderPayment order={order} token={token} />
        </Section>

        {order.timeline.length > 0 && (
          <Section title="Perjalanan Pesanan">
            <MerchantTimeline entries={order.timeline} label="Perjalanan pesanan" shipment={shipment} />
          </Section>
        )}

        <Section title="Rincian Pesanan">
          <ul className="divide-y divide-slate-100" aria-label="Barang dipesan">
            {order.items.map((item) => (
              <li key={item.product_id} className="flex flex-wrap justify-between gap-2 py-3">
                <span>
                  <span className="font-medium">{item.name}</span>
                  <span className="block text-sm text-slate-500">
                    {item.quantity} × {formatRupiah(item.price)}
                  </span>
                </span>
                <span className="font-medium">{formatRupiah(item.line_total)}</span>
              </li>
            ))}
          </ul>
          <div className="mt-2 space-y-2 border-t border-slate-200 pt-3 text-sm">
            <p className="flex justify-between">
              <span>Subtotal</span>
              <span className="font-medium">{formatRupiah(order.subtotal)}</span>
            </p>
            <p>
              Ongkos kirim: <strong className="text-green-700">{order.ongkir === 0 ? 'Gratis' : formatRupiah(order.ongkir)}</strong>
            </p>
            <p className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold">
              <span>Total</span>
              <span data-testid="order-total">{formatRupiah(order.total)}</span>
            </p>
          </div>
        </Section>

        <Section title="Alamat Pengiriman">
          <address className="text-sm not-italic leading-relaxed text-slate-700">
            <span className="font-medium text-slate-900">{shipping.nama_penerima}</span> · {shipping.no_hp_penerima}
            <br />
            {shipping.alamat_pengiriman}
            <br />
            {shipping.kota_kab}, {shipping.provinsi} {shipping.kode_pos}
          </address>
        </Section>
      </div>
    </>
  );
}
