import { CircleCheckBig, ExternalLink, Truck } from 'lucide-react';
import { useRef, useState } from 'react';
import { formatDateTimeWib } from '../../../domain/format';
import type { OrderPublic, Shipment } from '../../../domain/orders';
import { CopyableValue } from '../../components/copy-button';
import { Button, buttonVariants } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { DetailRow } from './detail-row';
import { FormAlert } from './lookup-fields';
import { isWebAddress } from './order-answers';
import { confirmDelivered, failureText } from './order-api';

type Changes = { onChanged: (order: OrderPublic) => void; onStale: () => void };
type DeliveryConfirmProps = Changes & { order: OrderPublic; token: string; onFailure: (text: string | null) => void };

/**
 * 'Pesanan Sudah Diterima' with a confirmation first. A native <dialog> rather than the Radix one: it
 * traps focus and closes on Escape by itself, and the order page's bytes stay within its budget.
 */
function DeliveryConfirm({ order, token, onChanged, onStale, onFailure }: DeliveryConfirmProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [sending, setSending] = useState(false);

  const confirm = async () => {
    setSending(true);
    onFailure(null);
    try {
      const updated = await confirmDelivered(order.kode_pesanan, token);
      dialog.current?.close();
      onChanged(updated);
      toast.success('Terima kasih. Pesanan ditandai sudah diterima.', { id: 'order-delivered' });
    } catch (error) {
      dialog.current?.close();
      onFailure(failureText(error));
      // The order moved on meanwhile (the admin marked it received, say): show where it stands now.
      if (error instanceof ApiRequestError && error.status === 409) onStale();
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      <p className="text-sm text-slate-600">Sudah menerima paket Anda? Beri tahu kami agar perangkat Anda diaktifkan.</p>
      <Button className="mt-3 w-full sm:w-auto" onClick={() => dialog.current?.showModal()}>
        <CircleCheckBig aria-hidden /> Pesanan Sudah Diterima
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby="konfirmasi-penerimaan"
        aria-describedby="konfirmasi-penerimaan-teks"
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id="konfirmasi-penerimaan" className="text-lg font-semibold">
          Konfirmasi Penerimaan
        </h2>
        <p id="konfirmasi-penerimaan-teks" className="mt-2 text-sm text-slate-600">
          Pastikan semua perangkat pesanan {order.kode_pesanan} sudah Anda terima dalam keadaan baik. Status pesanan akan menjadi Diterima.
        </p>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => dialog.current?.close()} disabled={sending}>
            Batal
          </Button>
          <Button onClick={() => void confirm()} disabled={sending}>
            {sending ? 'Menyimpan...' : 'Ya, Sudah Diterima'}
          </Button>
        </div>
      </dialog>
    </div>
  );
}

type OrderShipmentProps = Changes & { order: OrderPublic; shipment: Shipment; token: string };

/** 'Pengiriman': how the order travels, and the buyer's word that it arrived. */
export function OrderShipment({ order, shipment: paket, token, onChanged, onStale }: OrderShipmentProps) {
  // Kept here, not in the confirmation: a refusal still reads after the order moved on and the button went.
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <div>
      <dl className="divide-y divide-slate-100">
        <DetailRow label="Kurir">
          <span className="inline-flex items-center gap-2">
            <Truck aria-hidden className="size-4 text-slate-500" /> {paket.kurir_label}
          </span>
        </DetailRow>
        <DetailRow label="Nomor resi">
          <CopyableValue
            value={paket.no_resi}
            label="Salin nomor resi"
            testId="nomor-resi"
            className="inline-flex items-center gap-1"
            valueClassName="font-mono text-base tracking-wider"
          />
        </DetailRow>
        <DetailRow label="Dikirim">{formatDateTimeWib(paket.shipped_at)}</DetailRow>
        {order.delivered_at && <DetailRow label="Diterima">{formatDateTimeWib(order.delivered_at)}</DetailRow>}
      </dl>
      {paket.tracking_url && isWebAddress(paket.tracking_url) && (
        <a
          href={paket.tracking_url}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(buttonVariants({ variant: 'secondary' }), 'mt-3')}
        >
          Lacak Paket di {paket.kurir_label} <ExternalLink aria-hidden />
          <span className="sr-only">(membuka tab baru)</span>
        </a>
      )}
      {order.status === 'dikirim' && (
        <DeliveryConfirm order={order} token={token} onChanged={onChanged} onStale={onStale} onFailure={setFailure} />
      )}
      {failure && <FormAlert className="mt-3">{failure}</FormAlert>}
      {order.status === 'diterima' && (
        <p className="mt-4 flex items-center gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
          <CircleCheckBig aria-hidden className="size-4 shrink-0" /> Pesanan sudah diterima. Terima kasih telah berbelanja di AIPOS.
        </p>
      )}
    </div>
  );
}
