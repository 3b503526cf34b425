import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { MerchantCheckResponse } from '../../../domain/orders';
import { loadSubmittedRegistration, receiptTokenFor } from '../../lib/registration-session';
import { toast } from '../../lib/toast';
import { checkMerchant } from './checkout-api';
import type { CheckoutDraft } from './checkout-draft';
import { failureText } from './order-api';

/** The registration to check when the page opens: the draft's, or the one this tab just registered. */
export function initialCheck(
  draft: CheckoutDraft,
  registered: { code: string; receiptToken: string | null } | null,
): { kode: string; phone: string } | null {
  if (draft.verified) return { kode: draft.kode_pendaftaran, phone: draft.no_hp };
  // Back from 'Daftar Merchant': the new code, proven by its receipt, unless another code was typed.
  if (registered?.receiptToken && (draft.kode_pendaftaran === '' || draft.kode_pendaftaran === registered.code))
    return { kode: registered.code, phone: '' };
  return null;
}

/**
 * Checkout step 2: POST /api/orders/merchant-check by code and phone, or by this tab's receipt. Checked
 * once by itself when the page opens (a reload, or the way back from registering).
 */
export function useMerchantCheck(draft: CheckoutDraft, setDraft: Dispatch<SetStateAction<CheckoutDraft>>, hasLines: boolean) {
  const [merchant, setMerchant] = useState<MerchantCheckResponse | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const verify = useCallback(
    async (kode: string, phone: string) => {
      // A phone typed is what the visitor means to prove; without one, this tab's own receipt proves the code.
      const receipt = phone.trim() === '' ? receiptTokenFor(kode) : undefined;
      setChecking(true);
      setError(null);
      try {
        const result = await checkMerchant(
          receipt ? { kode_pendaftaran: kode, receipt_token: receipt } : { kode_pendaftaran: kode, no_hp: phone.trim() },
        );
        setMerchant(result);
        // The order is sent with the registration's phone: the one typed, or the one the receipt opened.
        setDraft((current) => ({
          ...current,
          kode_pendaftaran: result.kode_pendaftaran,
          no_hp: receipt ? result.no_hp : current.no_hp,
          verified: true,
        }));
      } catch (failure) {
        const message = failureText(failure);
        setMerchant(null);
        setError(message);
        setDraft((current) => ({ ...current, verified: false }));
        toast.error(message, { id: 'checkout-merchant' });
      } finally {
        setChecking(false);
      }
    },
    [setDraft],
  );

  const [firstCheck] = useState(() => (hasLines ? initialCheck(draft, loadSubmittedRegistration()) : null));
  const firstCheckSent = useRef(false);
  useEffect(() => {
    // Once per page, also under StrictMode's second effect run.
    if (!firstCheck || firstCheckSent.current) return;
    firstCheckSent.current = true;
    setDraft((current) => ({ ...current, kode_pendaftaran: firstCheck.kode }));
    void verify(firstCheck.kode, firstCheck.phone);
  }, [firstCheck, verify, setDraft]);

  /** 'Ganti': the fields open again for another registration. */
  const replace = useCallback(() => {
    setMerchant(null);
    setError(null);
    setDraft((current) => ({ ...current, verified: false }));
  }, [setDraft]);

  return { merchant, checking, error, verify, replace };
}
