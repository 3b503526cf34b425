import { describe, expect, it } from 'vitest';
import { OrderPublicSchema } from '../../../domain/orders';
import { isWebAddress, readOrder } from './order-answers';

const ORDER = {
  kode_pesanan: 'ORD-AB12CD34',
  kode_pendaftaran: 'AIP-ABC12',
  nama_toko: 'Toko Sumber Rejeki',
  status: 'menunggu_pembayaran',
  items: [{ product_id: 1, sku: 'SBX-STD', name: 'Soundbox', price: 350000, quantity: 2, line_total: 700000 }],
  subtotal: 700000,
  ongkir: 0,
  total: 700000,
  pembayaran: {
    metode: 'transfer',
    kode_unik: 123,
    jumlah: 700123,
    rekening: { bank: 'BCA', nomor: '1234567890', atas_nama: 'PT AIPOS Indonesia' },
    batas_waktu: '2026-11-27T07:00:00.000Z',
  },
  pengiriman: {
    nama_penerima: 'Budi Santoso',
    no_hp_penerima: '081234567890',
    alamat_pengiriman: 'Jl. Sudirman No. 45, Setiabudi',
    kota_kab: 'Jakarta Selatan',
    provinsi: 'DKI Jakarta',
    kode_pos: '12920',
  },
  created_at: '2026-11-26T07:00:00.000Z',
  paid_at: null,
  invoice_number: null,
};

describe('hand check of the order answer', () => {
  it('reads an order exactly as the order schema does', () => {
    expect(readOrder(ORDER)).toEqual(OrderPublicSchema.parse(ORDER));
    const paid = { ...ORDER, status: 'dibayar', paid_at: '2026-11-26T09:00:00.000Z', invoice_number: 'INV/2026/11/00001' };
    expect(readOrder(paid)).toEqual(OrderPublicSchema.parse(paid));
    const midtrans = { ...ORDER, pembayaran: { metode: 'midtrans', redirect_url: 'https://app.sandbox.midtrans.com/snap/v4/redirection/abc', batas_waktu: ORDER.created_at } };
    expect(readOrder(midtrans)).toEqual(OrderPublicSchema.parse(midtrans));
  });

  it('refuses an order of another shape, and a payment link that is not a web address', () => {
    expect(readOrder({ ...ORDER, status: 'lunas' })).toBeNull();
    expect(readOrder({ ...ORDER, items: [{ ...ORDER.items[0], quantity: '2' }] })).toBeNull();
    expect(readOrder({ ...ORDER, pengiriman: { ...ORDER.pengiriman, kode_pos: undefined } })).toBeNull();
    expect(readOrder({ ...ORDER, pembayaran: { ...ORDER.pembayaran, rekening: null } })).toBeNull();
    expect(readOrder({ ...ORDER, pembayaran: { metode: 'midtrans', redirect_url: 'javascript:alert(1)', batas_waktu: ORDER.created_at } })).toBeNull();
    expect(isWebAddress('http://127.0.0.1:4010/snap/v4/redirection/abc')).toBe(true);
    expect(isWebAddress('data:text/html,hi')).toBe(false);
  });
});
