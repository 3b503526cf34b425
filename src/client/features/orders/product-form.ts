import { z } from 'zod';
import { ORDER_MESSAGES, type ProductAdmin, type ProductUpdate } from '../../../domain/orders';
import { ORDER_TEXTS } from './order-texts';
import { parseRupiah } from './payment-form';

/** The product dialog as typed: numbers stay text until sent, so a cleared field is an error, not a 0. */
export type ProductForm = { price: string; stock: string; active: boolean };

export function toProductForm(product: ProductAdmin): ProductForm {
  return { price: String(product.price), stock: String(product.stock), active: product.active };
}

function wholeNumber(value: string): number | null {
  const trimmed = value.trim();
  return /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : null;
}

/** The bounds of ProductUpdateSchema, and the units open orders hold, which the server enforces with 409. */
export function productFormSchema(held: number) {
  return z.object({
    price: z
      .string()
      .refine((value) => parseRupiah(value) !== null, ORDER_TEXTS.priceDigits)
      .refine((value) => {
        const price = parseRupiah(value);
        return price === null || (price >= 1 && price <= 1_000_000_000);
      }, ORDER_TEXTS.priceRange),
    stock: z
      .string()
      .refine((value) => wholeNumber(value) !== null, ORDER_TEXTS.stockWhole)
      .refine((value) => (wholeNumber(value) ?? held) >= held, ORDER_MESSAGES.productStockBelowHeld(held))
      .refine((value) => (wholeNumber(value) ?? 0) <= 1_000_000, ORDER_TEXTS.stockMax),
    active: z.boolean(),
  });
}

export function toProductUpdate(values: ProductForm): ProductUpdate {
  return { price: parseRupiah(values.price) ?? 0, stock: wholeNumber(values.stock) ?? 0, active: values.active };
}
