export type Product = {
  id: number;
  sku: string;
  name: string;
  price: number;
  description: string;
  features: string[];
  stock: number;
  badge: string;
};

/** The fixed catalogue of docs/spec.md §3; prices in whole rupiah. */
export const PRODUCTS: readonly Product[] = [
  {
    id: 1,
    sku: 'SBX-STD',
    name: 'Soundbox',
    price: 350000,
    description: 'Speaker notifikasi pembayaran QRIS yang mengumumkan setiap transaksi masuk secara instan.',
    features: ['Suara notifikasi jernih', 'Volume dapat diatur', 'Baterai tahan lama', 'Bluetooth stabil'],
    stock: 50,
    badge: 'Best Seller',
  },
  {
    id: 2,
    sku: 'D210-UP',
    name: 'D210 UnionPay',
    price: 2500000,
    description: 'Mesin EDC ringkas untuk menerima kartu debit dan kredit, termasuk kartu UnionPay.',
    features: ['Mendukung kartu UnionPay', 'Multi mata uang', 'Pemrosesan cepat', 'Kelas enterprise'],
    stock: 20,
    badge: 'Premium',
  },
  {
    id: 3,
    sku: 'A920-PRO2',
    name: 'EDC Android PAX A920 Pro',
    price: 3000000,
    description: 'Terminal pembayaran Android serba bisa dengan printer struk dan layar sentuh lebar.',
    features: ['Sistem operasi Android', 'Layar sentuh 5 inci', 'Semua metode pembayaran', 'Konektivitas 4G'],
    stock: 15,
    badge: 'Pro Choice',
  },
];

export function findProduct(id: number): Product | undefined {
  return PRODUCTS.find((p) => p.id === id);
}
