import { describe, expect, it } from 'vitest';
import { ProductUpdateSchema, type ProductAdmin } from '../../../domain/orders';
import { productFormSchema, toProductForm, toProductUpdate } from './product-form';

const PRODUCT: ProductAdmin = {
  id: 2,
  sku: 'AIPOS-X',
  name: 'AIPOS X',
  price: 2_500_000,
  description: '',
  features: [],
  badge: '',
  stock_available: 12,
  stock: 20,
  held: 8,
  active: true,
  updated_at: '2026-11-26T00:00:00.000Z',
};

function messages(held: number, values: { price: string; stock: string; active: boolean }) {
  const result = productFormSchema(held).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the product form', () => {
  it('starts from the stored values and sends what the server schema accepts', () => {
    const values = toProductForm(PRODUCT);
    expect(values).toEqual({ price: '2500000', stock: '20', active: true });
    expect(ProductUpdateSchema.parse(toProductUpdate({ ...values, price: 'Rp 2.750.000', active: false }))).toEqual({
      price: 2_750_000,
      stock: 20,
      active: false,
    });
  });

  it('refuses a stock below the units open orders hold, in the words of the 409', () => {
    expect(messages(8, { price: '1000', stock: '7', active: true })).toEqual({
      stock: 'Stok tidak boleh kurang dari 8 unit yang sedang dipesan.',
    });
    expect(messages(8, { price: '1000', stock: '8', active: true })).toEqual({});
    expect(messages(0, { price: '1000', stock: '0', active: false })).toEqual({});
  });

  it('refuses a price or stock that is not a whole number in range', () => {
    expect(messages(0, { price: '', stock: '5', active: true }).price).toBe('Harga harus berupa angka rupiah tanpa desimal');
    expect(messages(0, { price: '0', stock: '5', active: true }).price).toBe('Harga harus antara Rp 1 dan Rp 1.000.000.000');
    expect(messages(0, { price: '1000', stock: '2.5', active: true }).stock).toBe('Stok harus berupa bilangan bulat 0 atau lebih');
    expect(messages(0, { price: '1000', stock: '-1', active: true }).stock).toBe('Stok harus berupa bilangan bulat 0 atau lebih');
    expect(messages(0, { price: '1000', stock: '1000001', active: true }).stock).toBe('Stok maksimal 1.000.000 unit');
  });
});
