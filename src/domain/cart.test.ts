import { describe, expect, it } from 'vitest';
import { addToCart, cartTotals, changeQuantity, parseStoredCart, quantityOf } from './cart.js';
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

  it('does not cap the quantity at the stock', () => {
    let lines = [{ productId: 3, quantity: 15 }];
    lines = changeQuantity(lines, 3, 1);
    expect(quantityOf(lines, 3)).toBe(16);
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
