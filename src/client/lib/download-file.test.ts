import { describe, expect, it } from 'vitest';
import { dispositionFilename } from './download-file';

describe('dispositionFilename', () => {
  it('prefers the UTF-8 name of RFC 6266 and falls back to the quoted one', () => {
    expect(dispositionFilename(`attachment; filename="AIP-AB_12-ktp.jpg"; filename*=UTF-8''AIP-AB_12-ktp.jpg`)).toBe('AIP-AB_12-ktp.jpg');
    expect(dispositionFilename(`attachment; filename="Toko_.jpg"; filename*=UTF-8''Toko%20%C3%A9.jpg`)).toBe('Toko é.jpg');
    expect(dispositionFilename('attachment; filename="merchants-2026-11-22.csv"')).toBe('merchants-2026-11-22.csv');
    expect(dispositionFilename(`attachment; filename="x.jpg"; filename*=UTF-8''%E0%A4%A`)).toBe('x.jpg');
  });

  it('answers null without a name', () => {
    expect(dispositionFilename(null)).toBeNull();
    expect(dispositionFilename('attachment')).toBeNull();
  });
});
