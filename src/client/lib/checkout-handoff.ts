/**
 * What /checkout and the registration success page need to know of each other: whether a
 * cart waits in localStorage `cart` (docs/spec.md §3; CART_STORAGE_KEY of src/domain/cart.ts), and whether the
 * visitor left the checkout through 'Daftar Merchant'. Read without the cart module and the storage
 * helpers, which belong to the shop's chunks: /checkout with an empty cart decides with this alone not to
 * download the checkout (first-load budget, decision 0043).
 */
const CART_KEY = 'cart';
const WAITING_KEY = 'aipos.checkout.waiting';

/** Any line at all: a yes only means "load the checkout", which parses the cart itself and may find it empty. */
export function storedCartHasLines(): boolean {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(CART_KEY) ?? '[]');
    return Array.isArray(value) && value.length > 0;
  } catch {
    // Storage disabled or a broken value: as empty, which the checkout would conclude as well.
    return false;
  }
}

function setWaiting(waiting: boolean): void {
  try {
    if (waiting) window.sessionStorage.setItem(WAITING_KEY, 'true');
    else window.sessionStorage.removeItem(WAITING_KEY);
  } catch {
    // Storage disabled: the success page still offers the checkout while the cart holds lines.
  }
}

/** 'Daftar Merchant' on the checkout: the visitor means to come back and order (the tab remembers). */
export function markCheckoutWaiting(): void {
  setWaiting(true);
}

/** The order is made: nothing waits any more. */
export function clearCheckoutWaiting(): void {
  setWaiting(false);
}

/** The registration success page offers 'Lanjutkan ke Checkout' when a cart or a left checkout waits. */
export function checkoutWaits(): boolean {
  try {
    if (window.sessionStorage.getItem(WAITING_KEY) === 'true') return true;
  } catch {
    // See setWaiting().
  }
  return storedCartHasLines();
}
