import { lazy, Suspense } from 'react';
import { CartLines } from './checkout-cart';
import { EmptyCart } from './checkout-empty';
import { MerchantStep } from './checkout-merchant';
import { PaymentStep } from './checkout-payment';
import { CheckoutStep } from './checkout-step';
import { ProductsFailed, PULSE } from './products-status';
import { useCheckout } from './use-checkout';

// Loaded once the registration is checked: the form library and the schema are not part of the first load.
const ShippingStep = lazy(async () => ({ default: (await import('./checkout-shipping')).ShippingStep }));

function LinesSkeleton() {
  return (
    <div className="space-y-3" role="status" aria-busy="true" aria-label="Memuat keranjang">
      <div aria-hidden className={`${PULSE} h-12 w-full rounded-md`} />
      <div aria-hidden className={`${PULSE} h-12 w-full rounded-md`} />
      <div aria-hidden className={`${PULSE} h-6 w-1/2 rounded-md`} />
    </div>
  );
}

function FieldsSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2" role="status" aria-busy="true" aria-label="Memuat formulir pengiriman">
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} aria-hidden className={`${PULSE} h-16 w-full rounded-md`} />
      ))}
    </div>
  );
}

/** The checkout with a cart (README, The shop): cart, registration, shipping and payment, numbered in that order. */
export function CheckoutForm() {
  const checkout = useCheckout();
  const { products, lines, merchantStep, shipping, payment } = checkout;
  // The last line removed, or a stored cart that held nothing valid.
  if (lines.length === 0) return <EmptyCart />;

  return (
    <div className="mt-6 space-y-6">
      <CheckoutStep number={1} title="Keranjang" done={checkout.cartReady}>
        {products.list ? (
          <CartLines
            lines={lines}
            byId={products.byId}
            subtotal={checkout.total}
            onChange={checkout.changeLine}
            onRemove={checkout.removeLine}
          />
        ) : products.error ? (
          <ProductsFailed message={products.error} onRetry={products.reload} />
        ) : (
          <LinesSkeleton />
        )}
      </CheckoutStep>
      <CheckoutStep number={2} title="Merchant" done={merchantStep.result !== null}>
        <MerchantStep {...merchantStep} />
      </CheckoutStep>
      <CheckoutStep number={3} title="Pengiriman" done={merchantStep.result !== null && checkout.shippingValid}>
        {merchantStep.result ? (
          <Suspense fallback={<FieldsSkeleton />}>
            <ShippingStep merchant={merchantStep.result} {...shipping} />
          </Suspense>
        ) : (
          <p className="text-sm text-slate-600">Alamat pengiriman diisi setelah pendaftaran merchant di langkah 2 diperiksa.</p>
        )}
      </CheckoutStep>
      <CheckoutStep number={4} title="Pembayaran" done={false}>
        <PaymentStep {...payment} />
      </CheckoutStep>
    </div>
  );
}
