import { ArrowRight, ShoppingCart } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatRupiah } from '../../../domain/format';
import { Button } from '../../components/ui/button';
import { TOAST_BOTTOM_VAR } from '../../lib/toast';

/** Keeps toasts above the bar while it is on screen: they would otherwise cover Lanjut ke Checkout. */
function useToastsAbove<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement.style;
    const lift = () => root.setProperty(TOAST_BOTTOM_VAR, `${bar.offsetHeight + 16}px`);
    lift();
    // The bar wraps onto two lines on a narrow screen.
    const observer = new ResizeObserver(lift);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.removeProperty(TOAST_BOTTOM_VAR);
    };
  }, []);
  return ref;
}

export function CartBar({ count, total, onCheckout }: { count: number; total: number; onCheckout: () => void }) {
  const ref = useToastsAbove<HTMLElement>();
  return (
    <aside
      ref={ref}
      aria-label="Keranjang belanja"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white shadow-[0_-4px_12px_rgba(0,0,0,0.06)]"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <div className="flex items-center gap-3">
          <ShoppingCart aria-hidden className="size-6 text-brand-700" />
          <div>
            <p className="text-sm text-slate-600" data-testid="cart-count">
              {count} item
            </p>
            <p className="text-lg font-bold" data-testid="cart-total">
              {formatRupiah(total)}
            </p>
          </div>
        </div>
        <Button size="lg" onClick={onCheckout}>
          Lanjut ke Checkout <ArrowRight aria-hidden />
        </Button>
      </div>
    </aside>
  );
}
