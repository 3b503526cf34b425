import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { cartTotals, changeQuantity, removeFromCart, type CartLine } from '../../../domain/cart';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../domain/order-texts';
import { clearCart, loadCart, saveCart } from '../../lib/cart-storage';
import { clearCheckoutWaiting, markCheckoutWaiting } from '../../lib/checkout-handoff';
import { randomKey } from '../../lib/random-key';
import { receiptTokenFor } from '../../lib/registration-session';
import { toast } from '../../lib/toast';
import { createOrder } from './checkout-api';
import { lineProblem } from './checkout-cart';
import {
  clearCheckoutDraft,
  loadCheckoutDraft,
  saveCheckoutDraft,
  type CheckoutDraft,
  type ShippingField,
  type ShippingValues,
} from './checkout-draft';
import { readRefusal } from './checkout-refusal';
import { orderPagePath, saveOrderAccess } from './order-access';
import { useMerchantCheck } from './use-merchant-check';
import { useProducts } from './use-products';

/** The checkout's state: the cart, the registration, shipping, payment and the order request. */
export function useCheckout() {
  const navigate = useNavigate();
  const products = useProducts();
  const [lines, setLines] = useState<CartLine[]>(loadCart);
  const [draft, setDraft] = useState<CheckoutDraft>(loadCheckoutDraft);
  const [shippingValid, setShippingValid] = useState(false);
  const [shippingError, setShippingError] = useState<{ field: ShippingField; message: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // Once the order is made the draft is gone for good: nothing may write it back on the way out.
  const finished = useRef(false);

  useEffect(() => {
    if (!finished.current) saveCheckoutDraft(draft);
  }, [draft]);

  const update = useCallback((change: Partial<CheckoutDraft>) => setDraft((current) => ({ ...current, ...change })), []);

  const editLines = (next: CartLine[]) => {
    setLines(next);
    saveCart(next);
  };
  const changeLine = (productId: number, delta: number) => {
    const available = products.byId.get(productId)?.stock_available ?? 0;
    editLines(changeQuantity(lines, productId, delta, available));
  };
  const removeLine = (productId: number) => editLines(removeFromCart(lines, productId));

  const { merchant, checking, error: merchantError, verify, replace } = useMerchantCheck(draft, setDraft, lines.length > 0);
  const replaceMerchant = () => {
    replace();
    setShippingValid(false);
  };

  const onShippingChange = useCallback((shipping: ShippingValues) => update({ shipping }), [update]);

  const methods: PaymentMethod[] = PAYMENT_METHODS.filter(
    (method) => method === 'transfer' || products.list?.metode_pembayaran.includes(method),
  );
  const method = methods.includes(draft.metode_pembayaran) ? draft.metode_pembayaran : 'transfer';
  const { total } = cartTotals(lines, (id) => products.byId.get(id)?.price);
  const cartReady =
    products.list !== null && lines.length > 0 && lines.every((line) => lineProblem(line, products.byId.get(line.productId)) === null);
  const ready = cartReady && merchant !== null && shippingValid;

  const refused = (error: unknown) => {
    const refusal = readRefusal(error);
    setSubmitError(refusal.message);
    toast.error(refusal.message, { id: 'checkout-order' });
    if (refusal.newKey) update({ idempotencyKey: null });
    if (refusal.field) setShippingError({ field: refusal.field, message: refusal.message });
    if (refusal.reloadProducts) products.reload();
  };

  const submit = async () => {
    if (!ready || submitting || !merchant) return;
    const key = draft.idempotencyKey ?? randomKey();
    // Kept before sending: a reload while the answer is on its way re-sends the same key.
    const withKey = { ...draft, idempotencyKey: key };
    saveCheckoutDraft(withKey);
    setDraft(withKey);
    setSubmitting(true);
    setSubmitError(null);
    setShippingError(null);
    try {
      const order = await createOrder(
        {
          kode_pendaftaran: merchant.kode_pendaftaran,
          no_hp: draft.no_hp.trim(),
          items: lines.map((line) => ({ product_id: line.productId, quantity: line.quantity })),
          pengiriman: draft.shipping,
          metode_pembayaran: method,
        },
        key,
      );
      finished.current = true;
      saveOrderAccess(order.kode_pesanan, order.akses);
      clearCart();
      clearCheckoutDraft();
      clearCheckoutWaiting();
      void navigate(orderPagePath(order.kode_pesanan, order.akses));
    } catch (error) {
      refused(error);
    } finally {
      setSubmitting(false);
    }
  };

  return {
    products,
    lines,
    total,
    changeLine,
    removeLine,
    cartReady,
    merchantStep: {
      kode: draft.kode_pendaftaran,
      phone: draft.no_hp,
      onKodeChange: (kode: string) => update({ kode_pendaftaran: kode }),
      onPhoneChange: (phone: string) => update({ no_hp: phone }),
      result: merchant,
      checking,
      error: merchantError,
      byReceipt: receiptTokenFor(draft.kode_pendaftaran.trim()) !== undefined,
      onCheck: () => void verify(draft.kode_pendaftaran.trim(), draft.no_hp),
      onReplace: replaceMerchant,
      onRegister: () => {
        saveCart(lines);
        markCheckoutWaiting();
      },
    },
    shipping: {
      defaults: draft.shipping,
      sameAsStore: draft.sameAsStore,
      onSameAsStoreChange: (sameAsStore: boolean) => update({ sameAsStore }),
      onChange: onShippingChange,
      onValidity: setShippingValid,
      serverError: shippingError,
    },
    shippingValid,
    payment: {
      methods,
      method,
      onMethodChange: (metode_pembayaran: PaymentMethod) => update({ metode_pembayaran }),
      ready,
      submitting,
      error: submitError,
      onSubmit: () => void submit(),
    },
  };
}
