import type { PaymentMethod } from '../../../domain/orders';

/** The admin order and product screens' own texts (the contract's messages are in src/domain/orders.ts). */
export const ORDER_TEXTS = {
  listLoadFailed: 'Gagal memuat data pesanan',
  emptyOrders: 'Tidak ada pesanan',
  detailLoadFailed: 'Gagal memuat data pesanan',
  paymentConfirmed: 'Pembayaran dikonfirmasi',
  paymentConfirmFailed: 'Gagal mengonfirmasi pembayaran',
  orderCancelled: 'Pesanan dibatalkan',
  orderCancelFailed: 'Gagal membatalkan pesanan',
  orderPacked: 'Pesanan dikemas',
  orderPackFailed: 'Gagal mengemas pesanan',
  orderShipped: 'Pesanan dikirim',
  orderShipFailed: 'Gagal mengirim pesanan',
  orderDelivered: 'Pesanan ditandai diterima',
  orderDeliverFailed: 'Gagal menandai pesanan diterima',
  fulfilmentLoadFailed: 'Gagal memuat daftar pengiriman',
  emptyFulfilment: 'Tidak ada pesanan yang perlu dikemas atau dikirim',
  refundWarning: 'Pesanan sudah dibayar: dana perlu dikembalikan (refund).',
  productsLoadFailed: 'Gagal memuat data produk',
  emptyProducts: 'Belum ada produk',
  productUpdated: 'Produk berhasil diperbarui',
  productUpdateFailed: 'Gagal memperbarui produk',
  amountDigits: 'Jumlah harus berupa angka rupiah tanpa desimal',
  amountMin: 'Jumlah minimal Rp 1',
  dateInvalid: 'Tanggal tidak valid',
  dateInFuture: 'Tanggal pembayaran tidak boleh melewati hari ini.',
  priceDigits: 'Harga harus berupa angka rupiah tanpa desimal',
  priceRange: 'Harga harus antara Rp 1 dan Rp 1.000.000.000',
  stockWhole: 'Stok harus berupa bilangan bulat 0 atau lebih',
  stockMax: 'Stok maksimal 1.000.000 unit',
} as const;

/** The domain's Midtrans label lists every channel, too long for a table column. */
export const METHOD_SHORT_LABELS: Record<PaymentMethod, string> = { transfer: 'Transfer Bank', midtrans: 'Midtrans' };
