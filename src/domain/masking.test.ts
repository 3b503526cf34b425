import { describe, expect, it } from 'vitest';
import { isMaskedEmail, maskAccountNumber, maskEmail, maskNik, maskPersonName, maskPhone } from './masking.js';

describe('maskEmail', () => {
  it('keeps the first and last letter of the local part and the whole domain', () => {
    expect(maskEmail('budi@gmail.com')).toBe('b***i@gmail.com');
    expect(maskEmail('budi.santoso+toko@contoh.co.id')).toBe('b***o@contoh.co.id');
    expect(maskEmail('ab@x.id')).toBe('a***@x.id');
    expect(maskEmail('a@x.id')).toBe('a***@x.id');
  });
  it('never shows a value that is not an address', () => {
    expect(maskEmail('bukan-email')).toBe('***');
    expect(maskEmail('@x.id')).toBe('***');
  });
  it('is recognised by isMaskedEmail, a real address is not', () => {
    for (const email of ['budi@gmail.com', 'ab@x.id', 'é@x.id', 'bukan']) expect(isMaskedEmail(maskEmail(email)), email).toBe(true);
    expect(isMaskedEmail('budi@gmail.com')).toBe(false);
  });
});

describe('maskPhone', () => {
  it('shows the operator prefix and the last four digits of a stored number', () => {
    expect(maskPhone('+6281234567890')).toBe('+62 812-****-7890');
    expect(maskPhone('+62811123456')).toBe('+62 811-****-3456');
    expect(maskPhone('+62812345678901')).toBe('+62 812-****-8901');
  });
  it('keeps only the last four digits of anything else', () => {
    expect(maskPhone('021-5000-1234')).toBe('****-1234');
    expect(maskPhone('123')).toBe('****');
  });
});

describe('maskPersonName', () => {
  it('keeps the first name and the initials of the others', () => {
    expect(maskPersonName('Budi Santoso')).toBe('Budi S.');
    expect(maskPersonName('  siti  nur aisyah ')).toBe('siti N. A.');
    expect(maskPersonName('Sukarno')).toBe('Sukarno');
    expect(maskPersonName('')).toBe('');
  });
});

describe('maskNik', () => {
  it('hides the birth date and serial except the last four digits', () => {
    expect(maskNik('3174015505900001')).toBe('3174********0001');
    expect(maskNik('3174 0155 0590 0001')).toBe('3174********0001');
    expect(maskNik('12345')).toBe('***45');
    expect(maskNik('1')).toBe('*');
  });
});

describe('maskAccountNumber', () => {
  it('shows only the last four digits', () => {
    expect(maskAccountNumber('1234567890')).toBe('******7890');
    expect(maskAccountNumber('123-456-7890')).toBe('******7890');
    expect(maskAccountNumber('1234')).toBe('****');
  });
});

describe('admin masks (UU PDP: masked by default)', () => {
  it('shows a NIK as its first and last four digits in groups, and an account number as its last four', async () => {
    const { maskAccountForAdmin, maskNikForAdmin } = await import('./masking.js');
    expect(maskNikForAdmin('3171011708900001')).toBe('3171 •••• •••• 0001');
    expect(maskNikForAdmin('123')).toBe('••••');
    expect(maskAccountForAdmin('1234567890')).toBe('•••• 7890');
    expect(maskAccountForAdmin('123-456.7890')).toBe('•••• 7890');
    expect(maskAccountForAdmin('123')).toBe('••••');
  });
});
