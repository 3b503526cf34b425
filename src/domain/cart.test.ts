import { describe, expect, it } from 'vitest';
import { addToCart, cartTotals, changeQuantity, parseStoredCart, quantityOf, removeFromCart } from './cart.js';
import { formatRupiah } from './format.js';

describe('cart', () => {
  it('adds a new product with quantity 1 and raises it on the next add', () => {
    const once = addToCart([], 1);
    expect(once).toEqual([{ productId: 1, quantity: 1 }]);
    expect(addToCart(once, 1)).toEqual([{ productId: 1, quantity: 2 }]);
  });

  it('ignores a minus that would reach 0, so the floor is 1', () => {
    const lines = [{ productId: 2, quantity: 1 }];
    expect(changeQuantity(lines, 2, -1)).toEqual([{ productId: 2, quantity: 1 }]);
    expect(changeQuantity([{ productId: 2, quantity: 3 }], 2, -1)).toEqual([{ productId: 2, quantity: 2 }]);
  });

  it('caps the quantity at the given stock and only there', () => {
    // Without a stock figure nothing caps (the server still refuses more than it holds).
    expect(quantityOf(changeQuantity([{ productId: 3, quantity: 15 }], 3, 1), 3)).toBe(16);
    expect(changeQuantity([{ productId: 3, quantity: 15 }], 3, 1, 15)).toEqual([{ productId: 3, quantity: 15 }]);
    expect(addToCart([{ productId: 3, quantity: 15 }], 3, 15)).toEqual([{ productId: 3, quantity: 15 }]);
    // Sold out: the product does not enter the cart at all.
    expect(addToCart([], 2, 0)).toEqual([]);
    // A line above a stock that fell since can still come down.
    expect(changeQuantity([{ productId: 3, quantity: 9 }], 3, -1, 4)).toEqual([{ productId: 3, quantity: 8 }]);
  });

  it('removes a line and totals with the prices it is given', () => {
    const lines = [
      { productId: 1, quantity: 2 },
      { productId: 2, quantity: 1 },
    ];
    expect(removeFromCart(lines, 1)).toEqual([{ productId: 2, quantity: 1 }]);
    const serverPrices = new Map([[1, 400_000]]);
    // Product 2 has no price here (not sold any more): it is left out of count and total.
    expect(cartTotals(lines, (id) => serverPrices.get(id))).toEqual({ count: 2, total: 800_000 });
  });

  it('sums count and total in rupiah', () => {
    const lines = [
      { productId: 1, quantity: 1 },
      { productId: 3, quantity: 1 },
    ];
    expect(cartTotals(lines)).toEqual({ count: 2, total: 3_350_000 });
    expect(formatRupiah(cartTotals(lines).total)).toBe('Rp\u00a03.350.000');
  });

  it('drops malformed, unknown or empty stored lines', () => {
    expect(parseStoredCart('not json')).toEqual([]);
    expect(parseStoredCart('{"productId":1}')).toEqual([]);
    expect(parseStoredCart('[{"productId":9,"quantity":1},{"productId":1,"quantity":0},{"productId":2,"quantity":2}]')).toEqual([
      { productId: 2, quantity: 2 },
    ]);
  });
});
