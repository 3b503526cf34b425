import { eq } from 'drizzle-orm';
import type { MailKind } from '../../domain/applicant-mail.js';
import { formatDateTimeWib, formatRupiah } from '../../domain/format.js';
import { ORDER_STATUS_LABELS, type OrderPublic } from '../../domain/orders.js';
import type { Db } from '../db/database.js';
import { merchants } from '../db/schema.js';
import { renderMail, type MailContent } from '../mail/mail-templates.js';
import { enqueueMail } from '../mail/outbox.js';

/** The order page's address; with the access token when the mail is the buyer's way back to it. */
export function orderPageLink(baseUrl: string, kodePesanan: string, akses?: string): string {
  const url = `${baseUrl}/pesanan/${encodeURIComponent(kodePesanan)}`;
  return akses ? `${url}?t=${encodeURIComponent(akses)}` : url;
}

function lines(order: OrderPublic): string[] {
  return [
    ...order.items.map((item) => `- ${item.name} x ${item.quantity}: ${formatRupiah(item.line_total)}`),
    'Ongkos kirim: Gratis',
    `Total: ${formatRupiah(order.total)}`,
  ];
}

function paymentInstructions(order: OrderPublic): string[] {
  const p = order.pembayaran;
  if (p.metode === 'midtrans') {
    return [
      'Bayar melalui Midtrans (kartu, e-wallet, QRIS, virtual account):',
      p.redirect_url,
      `Batas waktu pembayaran: ${formatDateTimeWib(p.batas_waktu)}`,
    ];
  }
  return [
    `Transfer tepat ${formatRupiah(p.jumlah)} (termasuk kode unik ${p.kode_unik}) ke:`,
    `${p.rekening.bank} ${p.rekening.nomor} a.n. ${p.rekening.atas_nama}`,
    `Batas waktu pembayaran: ${formatDateTimeWib(p.batas_waktu)}`,
  ];
}

export function orderReceiptMail(order: OrderPublic, link: string): MailContent {
  return renderMail(`Pesanan ${order.kode_pesanan} diterima: menunggu pembayaran`, [
    [`Halo ${order.nama_toko},`],
    [`Terima kasih, pesanan ${order.kode_pesanan} untuk pendaftaran ${order.kode_pendaftaran} telah kami terima.`],
    lines(order),
    paymentInstructions(order),
    ['Pesanan yang tidak dibayar sampai batas waktu akan dibatalkan otomatis.', 'Lihat pesanan Anda:', link],
  ]);
}

export function orderPaidMail(order: OrderPublic, link: string): MailContent {
  return renderMail(`Pembayaran pesanan ${order.kode_pesanan} diterima`, [
    [`Halo ${order.nama_toko},`],
    [
      `Pembayaran pesanan ${order.kode_pesanan} sebesar ${formatRupiah(order.total)} telah kami terima${order.paid_at ? ` pada ${formatDateTimeWib(order.paid_at)}` : ''}.`,
    ],
    lines(order),
    ['Invoice dapat diunduh dari halaman pesanan:', link],
  ]);
}

export function orderClosedMail(order: OrderPublic, link: string, reason: string | null): MailContent {
  const expired = order.status === 'kedaluwarsa';
  const paragraphs: string[][] = [
    [`Halo ${order.nama_toko},`],
    [
      expired
        ? `Pesanan ${order.kode_pesanan} dibatalkan karena pembayaran tidak kami terima sampai batas waktu.`
        : `Pesanan ${order.kode_pesanan} telah dibatalkan.`,
    ],
  ];
  if (reason) paragraphs.push(['Alasan:', reason]);
  paragraphs.push(lines(order), ['Silakan buat pesanan baru bila Anda masih membutuhkan perangkat ini.', link]);
  return renderMail(`Pesanan ${order.kode_pesanan}: ${ORDER_STATUS_LABELS[order.status]}`, paragraphs);
}

/** 'Dikirim': the courier, the resi and, where the courier has one, its public tracking page. */
export function orderShippedMail(order: OrderPublic, link: string): MailContent {
  const shipment = order.pengiriman_paket;
  const tracking = shipment
    ? [
        `Kurir: ${shipment.kurir_label}`,
        `Nomor resi: ${shipment.no_resi}`,
        ...(shipment.tracking_url ? ['Lacak paket:', shipment.tracking_url] : []),
      ]
    : [];
  return renderMail(`Pesanan ${order.kode_pesanan} dikirim`, [
    [`Halo ${order.nama_toko},`],
    [`Pesanan ${order.kode_pesanan} telah kami kirim ke alamat ${order.pengiriman.kota_kab}.`],
    tracking,
    lines(order),
    ['Setelah paket sampai, tekan ‘Pesanan Sudah Diterima’ di halaman pesanan:', link],
  ]);
}

/** 'Diterima': the devices arrived and are active. */
export function orderDeliveredMail(order: OrderPublic, link: string): MailContent {
  return renderMail(`Pesanan ${order.kode_pesanan} diterima`, [
    [`Halo ${order.nama_toko},`],
    [
      `Pesanan ${order.kode_pesanan} telah diterima${order.delivered_at ? ` pada ${formatDateTimeWib(order.delivered_at)}` : ''}. Perangkat Anda kini aktif.`,
    ],
    lines(order),
    ['Lihat pesanan Anda:', link],
  ]);
}

/** Queues an order mail to the registration's e-mail, in the transaction of the change it tells about. */
export async function enqueueOrderMail(
  tx: Db,
  input: { merchantId: string; kind: MailKind; content: MailContent; now: Date; perAddressPerHour?: number },
): Promise<void> {
  const [merchant] = await tx
    .select({ email: merchants.email, purgedAt: merchants.purgedAt })
    .from(merchants)
    .where(eq(merchants.id, input.merchantId))
    .limit(1);
  // A merchant whose personal data was purged has no address left to write to.
  if (!merchant || merchant.purgedAt || !merchant.email) return;
  await enqueueMail(tx, {
    merchantId: input.merchantId,
    kind: input.kind,
    to: merchant.email,
    content: input.content,
    now: input.now,
    perAddressPerHour: input.perAddressPerHour,
  });
}
