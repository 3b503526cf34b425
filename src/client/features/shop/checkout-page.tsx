import { lazy, Suspense, useState } from 'react';
import { storedCartHasLines } from '../../lib/checkout-handoff';
import { usePageTitle } from '../../lib/use-page-title';
import { EmptyCart } from './checkout-empty';

// Loaded only with a cart: /checkout without one downloads nothing but this page (first-load budget).
const CheckoutForm = lazy(async () => ({ default: (await import('./checkout-form')).CheckoutForm }));

function FormPlaceholder() {
  return (
    <div className="mt-6 space-y-6" role="status" aria-busy="true" aria-label="Memuat checkout">
      {[0, 1, 2].map((index) => (
        <div key={index} className="h-40 animate-pulse rounded-xl bg-slate-200" />
      ))}
    </div>
  );
}

/** /checkout (public layout; README, The shop). */
export function CheckoutPage() {
  usePageTitle('Checkout');
  const [hasCart] = useState(storedCartHasLines);
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Checkout</h1>
      {hasCart ? (
        <Suspense fallback={<FormPlaceholder />}>
          <CheckoutForm />
        </Suspense>
      ) : (
        <EmptyCart />
      )}
    </main>
  );
}
