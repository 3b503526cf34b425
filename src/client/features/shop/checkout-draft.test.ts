import { describe, expect, it } from 'vitest';
import { EMPTY_CHECKOUT_DRAFT, parseCheckoutDraft } from './checkout-draft';

describe('checkout draft', () => {
  it('reads back what the page stored', () => {
    const draft = {
      kode_pendaftaran: 'AIP-ABC12',
      no_hp: '081234567890',
      verified: true,
      shipping: {
        nama_penerima: 'Budi',
        no_hp_penerima: '081234567890',
        alamat_pengiriman: 'Jl. Sudirman No. 45',
        kota_kab: 'Jakarta Selatan',
        provinsi: 'DKI Jakarta',
        kode_pos: '12920',
      },
      sameAsStore: false,
      metode_pembayaran: 'midtrans',
      idempotencyKey: '0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b',
    };
    expect(parseCheckoutDraft(JSON.stringify(draft))).toEqual(draft);
  });

  it('starts empty from nothing, broken JSON or another shape', () => {
    expect(parseCheckoutDraft(null)).toEqual(EMPTY_CHECKOUT_DRAFT);
    expect(parseCheckoutDraft('{')).toEqual(EMPTY_CHECKOUT_DRAFT);
    expect(parseCheckoutDraft('[1,2]')).toEqual(EMPTY_CHECKOUT_DRAFT);
    // Prefilled from the store address unless the visitor chose otherwise.
    expect(EMPTY_CHECKOUT_DRAFT.sameAsStore).toBe(true);
  });

  it('drops what it cannot trust, field by field', () => {
    const parsed = parseCheckoutDraft(
      JSON.stringify({
        kode_pendaftaran: 'aip-abc12',
        no_hp: 81234,
        verified: 'yes',
        shipping: { nama_penerima: 'Budi', kode_pos: 12920, extra: 'x' },
        metode_pembayaran: 'bitcoin',
        idempotencyKey: 'short',
      }),
    );
    expect(parsed).toEqual({
      ...EMPTY_CHECKOUT_DRAFT,
      kode_pendaftaran: 'AIP-ABC12',
      shipping: { ...EMPTY_CHECKOUT_DRAFT.shipping, nama_penerima: 'Budi' },
    });
    // Verified means nothing without a code to verify again.
    expect(parseCheckoutDraft(JSON.stringify({ verified: true })).verified).toBe(false);
    expect(parseCheckoutDraft(JSON.stringify({ no_hp: 'x'.repeat(10_000) })).no_hp).toHaveLength(500);
  });
});
