/**
 * The order page's token (`akses`) per order code, in sessionStorage: the page strips `?t=` from the
 * address once the token is kept, and a reload finds it here. Only the tab that made or looked up the
 * order holds it; a shared link without it shows the lookup form instead. Storage is reached inline, not
 * through lib/browser-storage.ts: that module travels in the shop's chunk, which the order page does not need.
 */
const keyOf = (kode: string) => `aipos.order.akses.${kode.toUpperCase()}`;

export function loadOrderAccess(kode: string): string | null {
  try {
    return window.sessionStorage.getItem(keyOf(kode));
  } catch {
    // Storage disabled: the address keeps the token instead.
    return null;
  }
}

/** True when kept, so the address can drop the token without losing it on reload. */
export function saveOrderAccess(kode: string, token: string): boolean {
  try {
    window.sessionStorage.setItem(keyOf(kode), token);
    return true;
  } catch {
    return false;
  }
}

export function orderPagePath(kode: string, token?: string): string {
  const path = `/pesanan/${encodeURIComponent(kode)}`;
  return token ? `${path}?t=${encodeURIComponent(token)}` : path;
}
