import { ShoppingCart } from 'lucide-react';
import { useEffect } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { LinkButton } from '../../components/link-button';
import { toast } from '../../lib/toast';

/**
 * docs/spec.md §5: checkout with an empty cart is refused. Plain markup on purpose: this is the whole first load
 * of /checkout without a cart, and the card and form components would add a chunk to it.
 */
export function EmptyCart() {
  useEffect(() => {
    // The id keeps StrictMode's double effect from showing the toast twice.
    toast.error(MESSAGES.cartEmpty, { id: 'cart-empty' });
  }, []);
  return (
    <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 py-8 text-center shadow-sm">
      <ShoppingCart aria-hidden className="mx-auto size-10 text-slate-400" />
      <p className="mt-3 text-slate-600">{MESSAGES.cartEmpty}</p>
      <LinkButton to="/shop" className="mt-4">
        Lihat Produk
      </LinkButton>
    </div>
  );
}
