import { findProduct } from './products.js';

// No zod here: the shop would download the whole of zod (about 38 KB gzip) for two integer checks,
// against the page budget (decision 0043). parseStoredCart checks the same shape by hand.
export type CartLine = { productId: number; quantity: number };

/** localStorage key of docs/spec.md §3: the cart saved on the way to checkout. */
export const CART_STORAGE_KEY = 'cart';

/**
 * A product not yet in the cart enters with quantity 1; adding again raises it by one. `max` is what the
 * server says is available (decision 0030): an add beyond it is ignored.
 */
export function addToCart(lines: readonly CartLine[], productId: number, max = Number.POSITIVE_INFINITY): CartLine[] {
  const existing = lines.find((line) => line.productId === productId);
  if (!existing) return max >= 1 ? [...lines, { productId, quantity: 1 }] : [...lines];
  return changeQuantity(lines, productId, 1, max);
}

/**
 * docs/spec.md §4: a change that would reach 0 or less is ignored, so minus stops at 1. The shop caps the
 * quantity at `max` (the stock available): a raise beyond it is ignored, a lowering always counts, so a
 * line above a stock that fell since can come down.
 */
export function changeQuantity(lines: readonly CartLine[], productId: number, delta: number, max = Number.POSITIVE_INFINITY): CartLine[] {
  return lines
    .map((line) => {
      if (line.productId !== productId) return line;
      const quantity = line.quantity + delta;
      if (quantity <= 0 || (delta > 0 && quantity > max)) return line;
      return { ...line, quantity };
    })
    .filter((line) => line.quantity > 0);
}

/** 'Hapus' on the checkout: the line leaves the cart. */
export function removeFromCart(lines: readonly CartLine[], productId: number): CartLine[] {
  return lines.filter((line) => line.productId !== productId);
}

export function quantityOf(lines: readonly CartLine[], productId: number): number {
  return lines.find((line) => line.productId === productId)?.quantity ?? 0;
}

/** The price of a product id, or undefined for one not sold; by default the catalogue's. */
export type PriceOf = (productId: number) => number | undefined;

const cataloguePrice: PriceOf = (productId) => findProduct(productId)?.price;

/** Count and total of the lines whose product has a price; the shop and checkout pass the server's prices. */
export function cartTotals(lines: readonly CartLine[], priceOf: PriceOf = cataloguePrice): { count: number; total: number } {
  let count = 0;
  let total = 0;
  for (const line of lines) {
    const price = priceOf(line.productId);
    if (price === undefined || line.quantity <= 0) continue;
    count += line.quantity;
    total += price * line.quantity;
  }
  return { count, total };
}

/** Reads what localStorage held; anything malformed or unknown is dropped rather than trusted. */
export function parseStoredCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  // As the zod schema did: one malformed line rejects the whole cart, and extra keys are dropped.
  if (!Array.isArray(value) || !value.every(isCartLine)) return [];
  return value
    .map((line) => ({ productId: line.productId, quantity: line.quantity }))
    .filter((line) => line.quantity > 0 && findProduct(line.productId) !== undefined);
}

function isCartLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  // zod's .int() accepts safe integers only.
  return Number.isSafeInteger(line.productId) && Number.isSafeInteger(line.quantity);
}
