import { describe, expect, it } from 'vitest';
import { isStructurallyValidNik, normalizeMobile, stripSeparators } from './indonesian-ids.js';

describe('NIK', () => {
  it('accepts a man and a woman (day + 40) with real dates', () => {
    expect(isStructurallyValidNik('3171011708900001')).toBe(true); // 17-08-90
    expect(isStructurallyValidNik('3171015708900002')).toBe(true); // woman, 17-08-90
    expect(isStructurallyValidNik('3171012902000003')).toBe(true); // 29-02-2000
  });

  it('refuses wrong length, letters, impossible dates and serial 0000', () => {
    expect(isStructurallyValidNik('317101170890001')).toBe(false);
    expect(isStructurallyValidNik('31710117089000A1')).toBe(false);
    expect(isStructurallyValidNik('3171013208900001')).toBe(false); // day 32
    expect(isStructurallyValidNik('3171017208900001')).toBe(false); // woman, day 32
    expect(isStructurallyValidNik('3171011713900001')).toBe(false); // month 13
    expect(isStructurallyValidNik('3171013102900001')).toBe(false); // 31 February
    expect(isStructurallyValidNik('3171012902010001')).toBe(false); // 29-02-01 exists in neither century
    expect(isStructurallyValidNik('3171011708900000')).toBe(false);
  });

  it('strips the separators people type', () => {
    expect(stripSeparators('3171 0117.0890-0001')).toBe('3171011708900001');
  });
});

describe('mobile numbers', () => {
  it('normalises every accepted spelling to +628…', () => {
    for (const raw of ['081234567890', '0812-3456-7890', '6281234567890', '+62 812 3456 7890', '+62 (812) 3456.7890']) {
      expect(normalizeMobile(raw)).toBe('+6281234567890');
    }
    expect(normalizeMobile('0812345678')).toBe('+62812345678'); // 10 digits
    expect(normalizeMobile('0812345678901')).toBe('+62812345678901'); // 13 digits
  });

  it('refuses landlines, short, long and foreign numbers', () => {
    for (const raw of ['0215551234', '081234567', '08123456789012', '+6581234567', 'abc', '']) {
      expect(normalizeMobile(raw)).toBeNull();
    }
  });
});
