import { describe, expect, it } from 'vitest';
import { decodeNik, INDONESIAN_PROVINCES, NIK_MESSAGES, NikDecodedSchema, provinceDiffers } from './nik-structure.js';

const TODAY = new Date('2026-11-25T03:00:00Z');

describe('decodeNik', () => {
  it('lists the 38 provinces with codes 11..96', () => {
    const codes = Object.keys(INDONESIAN_PROVINCES);
    expect(codes).toHaveLength(38);
    expect(codes.every((code) => Number(code) >= 11 && Number(code) <= 96)).toBe(true);
  });

  it('decodes a valid man: province, birth date, sex, no problems', () => {
    const decoded = decodeNik('3171011708900001', TODAY);
    expect(decoded).toEqual({ province_code: '31', province_name: 'DKI Jakarta', birth_date: '1990-08-17', sex: 'L', problems: [] });
    expect(NikDecodedSchema.parse(decoded)).toEqual(decoded);
  });

  it('reads a woman from day + 40', () => {
    expect(decodeNik('3273015708950002', TODAY)).toMatchObject({
      province_name: 'Jawa Barat',
      birth_date: '1995-08-17',
      sex: 'P',
      problems: [],
    });
    expect(decodeNik('3578017101030003', TODAY)).toMatchObject({ birth_date: '2003-01-31', sex: 'P', problems: [] });
  });

  it('flags an impossible date (31 February, month 13, women day 72)', () => {
    for (const nik of ['3171013102900001', '3171011713900001', '3171017208900001']) {
      expect(decodeNik(nik, TODAY)).toMatchObject({ birth_date: null, problems: ['impossible_date'] });
    }
  });

  it('flags an unknown province code', () => {
    expect(decodeNik('2071011708900001', TODAY)).toMatchObject({
      province_code: '20',
      province_name: null,
      problems: ['unknown_province'],
    });
    expect(decodeNik('9971013102900001', TODAY).problems).toEqual(['unknown_province', 'impossible_date']);
  });

  it('flags a birth date later today (WIB) and an applicant under 17', () => {
    expect(decodeNik('3171012612260001', TODAY)).toMatchObject({ birth_date: '2026-12-26', problems: ['future_date'] });
    expect(decodeNik('3171012611090001', TODAY)).toMatchObject({ birth_date: '2009-11-26', problems: ['under_17'] });
    // 17 today in Jakarta (already the 25th there at 03:00 UTC).
    expect(decodeNik('3171012511090001', TODAY)).toMatchObject({ birth_date: '2009-11-25', problems: [] });
  });

  it('answers without a date for an incomplete NIK', () => {
    expect(decodeNik('31710117', TODAY)).toEqual({
      province_code: '31',
      province_name: 'DKI Jakarta',
      birth_date: null,
      sex: null,
      problems: [],
    });
  });
});

describe('provinceDiffers', () => {
  it('compares the official name with the way addresses write it', () => {
    const jakarta = decodeNik('3171011708900001', TODAY);
    expect(provinceDiffers(jakarta, 'DKI Jakarta')).toBe(false);
    expect(provinceDiffers(jakarta, 'Prov. dki jakarta')).toBe(false);
    expect(provinceDiffers(jakarta, 'Jawa Barat')).toBe(true);
    expect(provinceDiffers(decodeNik('3471011708900001', TODAY), 'Daerah Istimewa Yogyakarta')).toBe(false);
    expect(provinceDiffers(decodeNik('2071011708900001', TODAY), 'Jawa Barat')).toBe(false);
  });
});

describe('NIK_MESSAGES', () => {
  it('words the warnings in Indonesian, one per problem', () => {
    expect(NIK_MESSAGES.structureWarning).toBe('Struktur NIK tidak biasa: periksa kembali (kode provinsi atau tanggal lahir tidak valid)');
    expect(NIK_MESSAGES.provinceMismatch).toBe('Provinsi pada NIK berbeda dengan provinsi alamat');
    expect(Object.keys(NIK_MESSAGES.problems)).toEqual(['unknown_province', 'impossible_date', 'future_date', 'under_17']);
  });
});
