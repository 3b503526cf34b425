import { describe, expect, it } from 'vitest';
import { formatDateTimeWib, formatDateWib, formatMegabytes, formatRupiah } from './format.js';

describe('formatting', () => {
  it('writes rupiah without decimals and with a no-break space', () => {
    expect(formatRupiah(350000)).toBe('Rp\u00a0350.000');
    expect(formatRupiah(2500000)).toBe('Rp\u00a02.500.000');
    expect(formatRupiah(0)).toBe('Rp\u00a00');
  });

  it('shows Jakarta time with WIB and a dot between hours and minutes', () => {
    // 17:05 UTC is 00:05 the next day in Jakarta (UTC+7).
    expect(formatDateTimeWib('2026-11-21T17:05:00Z')).toBe('22 November 2026, 00.05 WIB');
    expect(formatDateWib(new Date('2024-08-17T03:00:00Z'))).toBe('17 Agustus 2024');
  });

  it('shows megabytes with two decimals', () => {
    expect(formatMegabytes(3145728)).toBe('3.00 MB');
    expect(formatMegabytes(1572864)).toBe('1.50 MB');
  });
});
