import { describe, expect, it } from 'vitest';
import { EMPTY_CHECKOUT_DRAFT } from './checkout-draft';
import { initialCheck } from './use-merchant-check';

describe('the registration checked when the checkout opens', () => {
  const registered = { code: 'AIP-NEW01', receiptToken: 'receipt' };

  it("checks a draft's verified registration again by its phone", () => {
    const draft = { ...EMPTY_CHECKOUT_DRAFT, kode_pendaftaran: 'AIP-OLD01', no_hp: '081234567890', verified: true };
    expect(initialCheck(draft, registered)).toEqual({ kode: 'AIP-OLD01', phone: '081234567890' });
  });

  it("checks the tab's new registration by its receipt, unless another code was typed", () => {
    expect(initialCheck(EMPTY_CHECKOUT_DRAFT, registered)).toEqual({ kode: 'AIP-NEW01', phone: '' });
    expect(initialCheck({ ...EMPTY_CHECKOUT_DRAFT, kode_pendaftaran: 'AIP-NEW01' }, registered)).toEqual({ kode: 'AIP-NEW01', phone: '' });
    expect(initialCheck({ ...EMPTY_CHECKOUT_DRAFT, kode_pendaftaran: 'AIP-OTHER' }, registered)).toBeNull();
  });

  it('checks nothing without a receipt or a verified draft', () => {
    expect(initialCheck(EMPTY_CHECKOUT_DRAFT, null)).toBeNull();
    expect(initialCheck(EMPTY_CHECKOUT_DRAFT, { code: 'AIP-NEW01', receiptToken: null })).toBeNull();
  });
});
