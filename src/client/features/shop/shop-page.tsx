import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { addToCart, cartTotals, changeQuantity, quantityOf, type CartLine } from '../../../domain/cart';
import { MESSAGES } from '../../../domain/messages';
import { PRODUCTS } from '../../../domain/products';
import { usePageTitle } from '../../lib/use-page-title';
import { CartBar } from './cart-bar';
import { loadCart, saveCart } from './cart-storage';
import { ProductCard } from './product-card';

export function ShopPage() {
  usePageTitle('Produk');
  const navigate = useNavigate();
  // A cart saved on an earlier trip to checkout comes back.
  const [lines, setLines] = useState<CartLine[]>(loadCart);
  const { count, total } = cartTotals(lines);

  const add = (productId: number, name: string) => {
    setLines((current) => addToCart(current, productId));
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

  return (
    <main className="mx-auto w-full max-w-6xl px-4 pb-32 pt-12">
      <h1 className="text-3xl font-bold">Produk AIPOS</h1>
      <p className="mt-2 text-slate-600">Pilih perangkat pembayaran yang sesuai dengan usaha Anda.</p>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {PRODUCTS.map((product) => (
          <ProductCard
            key={product.id}
            product={product}
            quantity={quantityOf(lines, product.id)}
            onAdd={() => add(product.id, product.name)}
            onChange={(delta) => setLines((current) => changeQuantity(current, product.id, delta))}
          />
        ))}
      </div>
      {lines.length > 0 && <CartBar count={count} total={total} onCheckout={checkout} />}
    </main>
  );
}
