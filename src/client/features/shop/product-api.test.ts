import { describe, expect, it } from 'vitest';
import { ProductListSchema } from '../../../domain/orders';
import { readProductList } from './product-api';

const PRODUCT = {
  id: 1,
  sku: 'SBX-STD',
  name: 'Soundbox',
  price: 350000,
  description: 'Speaker notifikasi pembayaran QRIS.',
  features: ['Suara notifikasi jernih'],
  badge: 'Best Seller',
  stock_available: 50,
};

describe('hand check of the products answer', () => {
  it('reads what the products schema reads, and drops what it does not know', () => {
    const answer = { products: [{ ...PRODUCT, extra: true }], metode_pembayaran: ['transfer', 'midtrans', 'bitcoin'] };
    expect(readProductList(answer)).toEqual({ products: [PRODUCT], metode_pembayaran: ['transfer', 'midtrans'] });
    const valid = { products: [PRODUCT], metode_pembayaran: ['transfer'] };
    expect(readProductList(valid)).toEqual(ProductListSchema.parse(valid));
  });

  it('refuses a product list of another shape', () => {
    expect(readProductList(null)).toBeNull();
    expect(readProductList({ products: [] })).toBeNull();
    expect(readProductList({ products: [{ ...PRODUCT, price: '350000' }], metode_pembayaran: [] })).toBeNull();
    expect(readProductList({ products: [{ ...PRODUCT, stock_available: 1.5 }], metode_pembayaran: [] })).toBeNull();
    expect(readProductList({ products: [{ ...PRODUCT, features: [1] }], metode_pembayaran: [] })).toBeNull();
  });
});
