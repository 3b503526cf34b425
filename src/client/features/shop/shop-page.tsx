import { useState } from 'react';
import { useNavigate } from 'react-router';
import { addToCart, cartTotals, changeQuantity, quantityOf, type CartLine } from '../../../domain/cart';
import { MESSAGES } from '../../../domain/messages';
import { loadCart, saveCart } from '../../lib/cart-storage';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { CartBar } from './cart-bar';
import { ProductCard } from './product-card';
import { ProductsFailed, ProductsSkeleton } from './products-status';
import { useProducts } from './use-products';

export function ShopPage() {
  usePageTitle('Produk');
  const navigate = useNavigate();
  const products = useProducts();
  // A cart saved on an earlier trip to checkout comes back.
  const [lines, setLines] = useState<CartLine[]>(loadCart);
  // Lines of a product the server no longer sells count for nothing here; the checkout shows them.
  const { count, total } = cartTotals(lines, (id) => products.byId.get(id)?.price);
  const stockOf = (id: number) => products.byId.get(id)?.stock_available ?? 0;

  const add = (productId: number, name: string) => {
    setLines((current) => addToCart(current, productId, stockOf(productId)));
    toast.success(MESSAGES.addedToCart(name));
  };

  const checkout = () => {
    if (lines.length === 0) {
      toast.error(MESSAGES.cartEmpty);
      return;
    }
    saveCart(lines);
    void navigate('/checkout');
  };

  const list = products.list;
  return (
    <main className="mx-auto w-full max-w-6xl px-4 pb-32 pt-12">
      <h1 className="text-3xl font-bold">Produk AIPOS</h1>
      <p className="mt-2 text-slate-600">Pilih perangkat pembayaran yang sesuai dengan usaha Anda.</p>
      {list ? (
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {list.products.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              quantity={quantityOf(lines, product.id)}
              onAdd={() => add(product.id, product.name)}
              onChange={(delta) => setLines((current) => changeQuantity(current, product.id, delta, product.stock_available))}
            />
          ))}
        </div>
      ) : products.error ? (
        <ProductsFailed message={products.error} onRetry={products.reload} />
      ) : (
        <ProductsSkeleton />
      )}
      {list && lines.length > 0 && <CartBar count={count} total={total} onCheckout={checkout} />}
    </main>
  );
}
