import { Clock, ShoppingCart } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { cartTotals, type CartLine } from '../../../domain/cart';
import { formatRupiah } from '../../../domain/format';
import { MESSAGES } from '../../../domain/messages';
import { findProduct } from '../../../domain/products';
import { LinkButton } from '../../components/link-button';
import { Card } from '../../components/ui/card';
import { usePageTitle } from '../../lib/use-page-title';
import { loadCart } from './cart-storage';

export function CheckoutPage() {
  usePageTitle('Checkout');
  const [lines] = useState<CartLine[]>(loadCart);
  const { count, total } = cartTotals(lines);

  useEffect(() => {
    // The id keeps StrictMode's double effect from showing the toast twice.
    if (lines.length === 0) toast.error(MESSAGES.cartEmpty, { id: 'cart-empty' });
  }, [lines.length]);

  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">Checkout</h1>
      <Card tone="warning" className="mt-6 flex items-start gap-4 p-5">
        <Clock aria-hidden className="mt-0.5 size-6 shrink-0 text-amber-700" />
        <div>
          <h2 className="font-semibold text-amber-900">Checkout akan segera tersedia</h2>
          <p className="mt-1 text-sm text-amber-900">
            Pembayaran online sedang kami siapkan. Keranjang Anda sudah tersimpan di perangkat ini.
          </p>
        </div>
      </Card>
      {lines.length === 0 ? (
        <div className="mt-8 text-center">
          <ShoppingCart aria-hidden className="mx-auto size-10 text-slate-400" />
          <p className="mt-3 text-slate-600">{MESSAGES.cartEmpty}</p>
          <LinkButton to="/shop" className="mt-4">Lihat Produk</LinkButton>
        </div>
      ) : (
        <Card className="mt-8 p-6">
          <h2 className="text-lg font-semibold">Ringkasan Pesanan</h2>
          <ul className="mt-4 divide-y divide-slate-100">
            {lines.map((line) => {
              const product = findProduct(line.productId);
              if (!product) return null;
              return (
                <li key={line.productId} className="flex justify-between py-3">
                  <span>
                    {product.name} × {line.quantity}
                  </span>
                  <span className="font-medium">{formatRupiah(product.price * line.quantity)}</span>
                </li>
              );
            })}
          </ul>
          <p className="mt-4 flex justify-between border-t border-slate-200 pt-4 font-bold">
            <span>Total ({count} item)</span>
            <span>{formatRupiah(total)}</span>
          </p>
          <LinkButton to="/shop" variant="secondary" className="mt-6">Kembali ke Produk</LinkButton>
        </Card>
      )}
    </main>
  );
}
