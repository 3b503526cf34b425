import { CART_STORAGE_KEY, parseStoredCart, type CartLine } from '../../domain/cart';
import { readStored, removeStored, writeStored } from './browser-storage';

/**
 * The cart under localStorage `cart` (docs/spec.md §3), which the shop and the checkout edit. Storage disabled:
 * the shop still works in memory.
 */
export function loadCart(): CartLine[] {
  return parseStoredCart(readStored('local', CART_STORAGE_KEY));
}

export function saveCart(lines: readonly CartLine[]): void {
  writeStored('local', CART_STORAGE_KEY, JSON.stringify(lines));
}

/** After an order is made: its lines are bought, the next visit starts empty. */
export function clearCart(): void {
  removeStored('local', CART_STORAGE_KEY);
}
