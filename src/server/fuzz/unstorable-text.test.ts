import { describe, expect, it } from 'vitest';
import { signedInAppPerSuite } from '../../../tests/support/admin-session.js';
import { storedCounts } from '../../../tests/support/fuzz-kit.js';
import { ADMIN_CREATE_BODY, createMerchantAsAdmin } from '../../../tests/support/merchant-fixtures.js';
import { findUnstorableText } from '../http/unstorable-text.js';

/** Regressions for the two 500s the fuzz suite found: U+0000 in text, a lone surrogate in jsonb. */
describe('text PostgreSQL cannot store', () => {
  const { t, admin } = signedInAppPerSuite();

  it('finds U+0000 and lone surrogates in values and keys, at any depth; a surrogate pair is fine', () => {
    expect(findUnstorableText({ a: [{ b: 'x\u0000' }] })).toBe('a.0.b');
    expect(findUnstorableText({ note: '\ud800' })).toBe('note');
    expect(findUnstorableText({ note: 'x\udc00' })).toBe('note');
    expect(findUnstorableText({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(findUnstorableText({ emoji: '😀', text: 'Jl. Melati' })).toBeNull();
    expect(findUnstorableText(JSON.parse('['.repeat(10_000) + ']'.repeat(10_000)))).toBeNull();
  });

  it('answers 400 with nothing stored for a NUL in a new merchant and a lone surrogate in a status note', async () => {
    const merchants = await t.app.inject({ method: 'GET', url: '/api/admin/merchants', headers: { cookie: admin.cookie } });
    const created = await createMerchantAsAdmin(t.app, admin.cookie);
    expect(merchants.statusCode).toBe(200);
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: string }).id;
    const before = await storedCounts(t);
    const cases = [
      {
        url: '/api/admin/merchants',
        payload: JSON.stringify({ ...ADMIN_CREATE_BODY, email: 'lain@contoh.co.id', alamat_pemilik: 'Jl. Mawar\u0000 No. 1' }),
        field: 'alamat_pemilik',
      },
      { url: `/api/admin/merchants/${id}/status`, payload: '{"status":"verified","catatan_admin":"\\ud800"}', field: 'catatan_admin' },
    ];
    for (const { url, payload, field } of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: 'Permintaan tidak valid', field } });
    }
    expect(await storedCounts(t)).toEqual(before);
  });
});
