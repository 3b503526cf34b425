import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDateTimeWib, formatDateWib, formatRupiah } from '../../../domain/format';
import { PAYMENT_METHOD_LABELS, type OrderAdminDetail, type Payment } from '../../../domain/orders';
import { DetailList, DetailSection } from './detail-section';
import { RefundBadge } from './order-status-badge';

type Row = readonly [string, ReactNode];

/** What the buyer was asked to pay, and what happened to the payment since. */
export function PaymentCard({ order }: { order: OrderAdminDetail }) {
  const rows: Row[] = [['Metode', PAYMENT_METHOD_LABELS[order.metode_pembayaran]], ...askedRows(order.pembayaran), ...outcomeRows(order)];
  return (
    <DetailSection title="Pembayaran">
      <DetailList rows={rows} />
    </DetailSection>
  );
}

function askedRows(payment: Payment): Row[] {
  if (payment.metode === 'midtrans') {
    return [
      ['Batas waktu', formatDateTimeWib(payment.batas_waktu)],
      [
        'Halaman pembayaran',
        <a
          key="midtrans"
          href={payment.redirect_url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 rounded text-brand-700 underline hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Buka halaman Midtrans <ExternalLink aria-hidden className="size-3.5" />
          <span className="sr-only">(tab baru)</span>
        </a>,
      ],
    ];
  }
  const { rekening } = payment;
  return [
    ['Kode unik', String(payment.kode_unik)],
    [
      'Jumlah transfer',
      <span key="jumlah" data-testid="expected-amount">
        {formatRupiah(payment.jumlah)}
      </span>,
    ],
    ['Rekening tujuan', `${rekening.bank} ${rekening.nomor} a.n. ${rekening.atas_nama}`],
    ['Batas waktu', formatDateTimeWib(payment.batas_waktu)],
  ];
}

function outcomeRows(order: OrderAdminDetail): Row[] {
  return [
    ['Tanggal dibayar', order.paid_at && formatDateWib(order.paid_at)],
    ['Jumlah diterima', order.paid_amount !== null && formatRupiah(order.paid_amount)],
    ['Catatan pembayaran', order.payment_note],
    [
      'Nomor invoice',
      order.invoice_number && (
        <span key="invoice" className="font-mono">
          {order.invoice_number}
        </span>
      ),
    ],
    ['Kedaluwarsa pada', order.expired_at && formatDateTimeWib(order.expired_at)],
    ['Dibatalkan pada', order.cancelled_at && formatDateTimeWib(order.cancelled_at)],
    ['Alasan pembatalan', order.cancel_reason],
    ['Pengembalian dana', order.perlu_refund && <RefundBadge key="refund" />],
  ];
}
