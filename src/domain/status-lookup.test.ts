import { describe, expect, it } from 'vitest';
import { publicStatus, StatusLookupRequestSchema } from './status-lookup.js';
import { statusLink, whatsappShareText, whatsappShareUrl } from './status-texts.js';
import { normalizeStatus } from './vocabularies.js';

describe('publicStatus', () => {
  it('keeps the four statuses, maps the old success to verified and anything else to processing', () => {
    for (const status of ['processing', 'verified', 'rejected', 'data_tidak_lengkap']) expect(publicStatus(status)).toBe(status);
    expect(publicStatus('success')).toBe('verified');
    for (const value of ['pending', '', null, undefined, 42, 'VERIFIED']) expect(publicStatus(value)).toBe('processing');
    expect(normalizeStatus('archived')).toBe('processing');
  });
});

describe('StatusLookupRequestSchema', () => {
  it('takes a code with an optional or null token, or e-mail plus phone, and nothing mixed', () => {
    expect(StatusLookupRequestSchema.safeParse({ kode_pendaftaran: ' AIP-AB12C ' }).data).toEqual({ kode_pendaftaran: 'AIP-AB12C' });
    expect(StatusLookupRequestSchema.safeParse({ kode_pendaftaran: 'AIP-AB12C', receipt_token: null }).success).toBe(true);
    expect(StatusLookupRequestSchema.safeParse({ email: 'a@b.id', no_hp: '0812' }).success).toBe(true);
    expect(StatusLookupRequestSchema.safeParse({ kode_pendaftaran: 'AIP-AB12C', email: 'a@b.id' }).success).toBe(false);
    expect(StatusLookupRequestSchema.safeParse({ email: 'a@b.id' }).success).toBe(false);
  });
});

describe('sharing', () => {
  it('links to the status by code and prefills a WhatsApp message with code, store, status and link', () => {
    const link = statusLink('https://aipos.co.id', 'AIP-A_B-C');
    expect(link).toBe('https://aipos.co.id/status?code=AIP-A_B-C');
    const text = whatsappShareText({ kode_pendaftaran: 'AIP-A_B-C', nama_toko: 'Toko & Kopi', status: 'data_tidak_lengkap' }, link);
    expect(text).toBe(
      'Status Pendaftaran Merchant AIPOS\nKode Pendaftaran: AIP-A_B-C\nNama Toko: Toko & Kopi\nStatus: Data Tidak Lengkap\nCek status: https://aipos.co.id/status?code=AIP-A_B-C',
    );
    const url = new URL(whatsappShareUrl(text));
    expect(url.origin + url.pathname).toBe('https://wa.me/');
    expect(url.searchParams.get('text')).toBe(text);
  });
});
