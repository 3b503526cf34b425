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
  pengiriman_paket: null,
  delivered_at: null,
  timeline: [
    { step: 'pendaftaran_diterima', at: '2026-11-25T07:00:00.000Z' },
    { step: 'diverifikasi', at: null },
    { step: 'pesanan_dibuat', at: '2026-11-26T07:00:00.000Z', detail: null },
    { step: 'dibayar', at: null },
  ],
};

const SHIPPED = {
  ...ORDER,
  status: 'dikirim',
  paid_at: '2026-11-26T09:00:00.000Z',
  invoice_number: 'INV/2026/11/00001',
  pengiriman_paket: {
    kurir: 'jne',
    kurir_label: 'JNE',
    no_resi: 'JNE1234567890',
    tracking_url: 'https://www.jne.co.id/tracking-package',
    shipped_at: '2026-11-28T02:00:00.000Z',
  },
  timeline: [
    // The new order's steps, all reached by now.
    ...ORDER.timeline.map((entry) => ({ ...entry, at: entry.at ?? '2026-11-26T09:00:00.000Z' })),
    { step: 'dikemas', at: '2026-11-27T09:00:00.000Z' },
    { step: 'dikirim', at: '2026-11-28T02:00:00.000Z', detail: 'JNE · resi JNE1234567890' },
    { step: 'diterima', at: null },
  ],
};

describe('hand check of the order answer', () => {
  it('reads an order exactly as the order schema does', () => {
    expect(readOrder(ORDER)).toEqual(OrderPublicSchema.parse(ORDER));
    const paid = { ...ORDER, status: 'menunggu_verifikasi', paid_at: '2026-11-26T09:00:00.000Z', invoice_number: 'INV/2026/11/00001' };
    expect(readOrder(paid)).toEqual(OrderPublicSchema.parse(paid));
    expect(readOrder(SHIPPED)).toEqual(OrderPublicSchema.parse(SHIPPED));
    const delivered = {
      ...SHIPPED,
      status: 'diterima',
      delivered_at: '2026-11-29T05:00:00.000Z',
      pengiriman_paket: { ...SHIPPED.pengiriman_paket, kurir: 'internal', kurir_label: 'Kurir Internal', tracking_url: null },
    };
    expect(readOrder(delivered)).toEqual(OrderPublicSchema.parse(delivered));
    const midtrans = {
      ...ORDER,
      pembayaran: {
        metode: 'midtrans',
        redirect_url: 'https://app.sandbox.midtrans.com/snap/v4/redirection/abc',
        batas_waktu: ORDER.created_at,
      },
    };
    expect(readOrder(midtrans)).toEqual(OrderPublicSchema.parse(midtrans));
  });

  it('refuses an order of another shape, and a payment link that is not a web address', () => {
    expect(readOrder({ ...ORDER, status: 'lunas' })).toBeNull();
    expect(readOrder({ ...ORDER, items: [{ ...ORDER.items[0], quantity: '2' }] })).toBeNull();
    expect(readOrder({ ...ORDER, pengiriman: { ...ORDER.pengiriman, kode_pos: undefined } })).toBeNull();
    expect(readOrder({ ...ORDER, pembayaran: { ...ORDER.pembayaran, rekening: null } })).toBeNull();
    expect(
      readOrder({ ...ORDER, pembayaran: { metode: 'midtrans', redirect_url: 'javascript:alert(1)', batas_waktu: ORDER.created_at } }),
    ).toBeNull();
    expect(readOrder({ ...ORDER, status: 'dibayar' })).toBeNull();
    expect(isWebAddress('http://127.0.0.1:4010/snap/v4/redirection/abc')).toBe(true);
    expect(isWebAddress('data:text/html,hi')).toBe(false);
  });

  it('refuses a timeline or shipment of another shape, and a tracking link that is not a web address', () => {
    const { timeline: _timeline, ...withoutTimeline } = ORDER;
    expect(readOrder(withoutTimeline)).toBeNull();
    expect(readOrder({ ...ORDER, timeline: [{ step: 'dikirim_ulang', at: null }] })).toBeNull();
    expect(readOrder({ ...ORDER, timeline: [{ step: 'dibayar', at: 5 }] })).toBeNull();
    expect(readOrder({ ...ORDER, timeline: [{ step: 'dibayar', at: null, detail: 7 }] })).toBeNull();
    expect(readOrder({ ...ORDER, delivered_at: undefined })).toBeNull();
    expect(readOrder({ ...SHIPPED, pengiriman_paket: undefined })).toBeNull();
    expect(readOrder({ ...SHIPPED, pengiriman_paket: { ...SHIPPED.pengiriman_paket, kurir: 'dhl' } })).toBeNull();
    expect(readOrder({ ...SHIPPED, pengiriman_paket: { ...SHIPPED.pengiriman_paket, no_resi: null } })).toBeNull();
    expect(readOrder({ ...SHIPPED, pengiriman_paket: { ...SHIPPED.pengiriman_paket, tracking_url: 'javascript:alert(1)' } })).toBeNull();
  });
});
