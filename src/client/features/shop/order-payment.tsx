import { CheckCircle2, Clock, Download, ExternalLink, XCircle } from 'lucide-react';
import { useState } from 'react';
import { formatDateTimeWib, formatRupiah } from '../../../domain/format';
import { PAID_ORDER_STATUSES, type OrderStatus } from '../../../domain/order-texts';
import type { OrderPublic } from '../../../domain/orders';
import { CopyableValue, CopyButton } from '../../components/copy-button';
import { LinkButton } from '../../components/link-button';
import { Button, buttonVariants } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { DetailRow } from './detail-row';
import { isWebAddress } from './order-answers';
import { failureText, fetchInvoice } from './order-api';

function Deadline({ at }: { at: string }) {
  return (
    <p className="mt-4 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        Batas waktu pembayaran: <strong>{formatDateTimeWib(at)}</strong>
      </span>
    </p>
  );
}

type Transfer = Extract<OrderPublic['pembayaran'], { metode: 'transfer' }>;

/** An unpaid transfer: the exact amount (the unique code makes it recognisable) and the account. */
function TransferInstructions({ payment }: { payment: Transfer }) {
  return (
    <>
      <p className="text-sm text-slate-600">
        Transfer <strong>tepat</strong> sesuai jumlah di bawah ini, termasuk kode unik {formatRupiah(payment.kode_unik)}, agar pembayaran
        Anda dapat kami kenali.
      </p>
      <dl className="mt-3 divide-y divide-slate-100">
        <DetailRow label="Jumlah transfer">
          <span className="inline-flex items-center gap-1">
            <span className="text-xl font-bold text-brand-700" data-testid="jumlah-transfer">
              {formatRupiah(payment.jumlah)}
            </span>
            {/* Digits only: what a banking app's amount field takes. */}
            <CopyButton value={String(payment.jumlah)} label="Salin jumlah transfer" />
          </span>
        </DetailRow>
        <DetailRow label="Bank">{payment.rekening.bank}</DetailRow>
        <DetailRow label="Nomor rekening">
          <CopyableValue
            value={payment.rekening.nomor}
            label="Salin nomor rekening"
            testId="nomor-rekening"
            className="inline-flex items-center gap-1"
            valueClassName="font-mono text-base tracking-wider"
          />
        </DetailRow>
        <DetailRow label="Atas nama">{payment.rekening.atas_nama}</DetailRow>
      </dl>
      <Deadline at={payment.batas_waktu} />
    </>
  );
}

/** 'Unduh Invoice': the PDF through the order's token, saved as invoice-<kode>.pdf. */
function InvoiceButton({ kode, token }: { kode: string; token: string }) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const url = URL.createObjectURL(await fetchInvoice(kode, token));
      const link = document.createElement('a');
      link.href = url;
      link.download = `invoice-${kode}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      // The download has started by now; the blob is let go a little later for slow browsers.
      window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
    } catch (error) {
      toast.error(failureText(error), { id: 'order-invoice' });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button className="mt-4" onClick={() => void download()} disabled={downloading}>
      <Download aria-hidden /> {downloading ? 'Mengunduh...' : 'Unduh Invoice'}
    </Button>
  );
}

const isPaid = (status: OrderStatus) => (PAID_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

/** What the buyer does next, by status and payment method. */
export function OrderPayment({ order, token }: { order: OrderPublic; token: string }) {
  const payment = order.pembayaran;
  // Every status after payment has an invoice: waiting for verification, packing, shipped, received.
  if (isPaid(order.status)) {
    return (
      <div>
        <p className="flex items-center gap-2 text-lg font-semibold text-green-800">
          <CheckCircle2 aria-hidden className="size-5" /> Dibayar
        </p>
        {order.paid_at && <p className="mt-1 text-sm text-slate-600">Tanggal pembayaran: {formatDateTimeWib(order.paid_at)}</p>}
        {order.invoice_number && <p className="mt-1 text-sm text-slate-600">Nomor invoice: {order.invoice_number}</p>}
        {order.status === 'menunggu_verifikasi' && (
          <p
            className="mt-3 flex items-start gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900"
            data-testid="notice-menunggu-verifikasi"
          >
            <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>Pembayaran diterima. Pesanan dikemas setelah pendaftaran merchant Anda diverifikasi.</span>
          </p>
        )}
        <InvoiceButton kode={order.kode_pesanan} token={token} />
      </div>
    );
  }
  if (order.status !== 'menunggu_pembayaran') {
    const text =
      order.status === 'kedaluwarsa'
        ? 'Pesanan ini kedaluwarsa karena belum dibayar sampai batas waktu. Silakan buat pesanan baru.'
        : 'Pesanan ini dibatalkan. Hubungi tim kami bila ada pertanyaan.';
    return (
      <div>
        <p className="flex items-start gap-2 text-slate-700">
          <XCircle aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500" /> {text}
        </p>
        <LinkButton to="/shop" variant="secondary" className="mt-4">
          Lihat Produk
        </LinkButton>
      </div>
    );
  }
  if (payment.metode === 'transfer') return <TransferInstructions payment={payment} />;
  return (
    <>
      <p className="text-sm text-slate-600">Selesaikan pembayaran di halaman Midtrans: kartu, e-wallet, QRIS atau virtual account.</p>
      {isWebAddress(payment.redirect_url) && (
        <a href={payment.redirect_url} className={cn(buttonVariants({ size: 'lg' }), 'mt-4')} rel="noopener noreferrer">
          Bayar dengan Midtrans <ExternalLink aria-hidden />
        </a>
      )}
      <Deadline at={payment.batas_waktu} />
    </>
  );
}
