import { CART_STORAGE_KEY, parseStoredCart, type CartLine } from '../../../domain/cart';

export function loadCart(): CartLine[] {
  try {
    return parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    // Storage can be disabled (private mode, policies): the shop still works in memory.
    return [];
  }
}

export function saveCart(lines: readonly CartLine[]): void {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Nothing to do: checkout reads what it can.
  }
}
