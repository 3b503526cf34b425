import { describe, expect, it } from 'vitest';
import {
  isMaskedEmail,
  maskAccountForAdmin,
  maskAccountNumber,
  maskEmail,
  maskNik,
  maskNikForAdmin,
  maskPersonName,
  maskPhone,
} from './masking.js';

/** Each mask, what it promises, and inputs with the text it must show for them. */
const CASES: Array<[string, (value: string) => string, string, Array<[string, string]>]> = [
  [
    'maskEmail',
    maskEmail,
    'keeps the first and last letter of the local part and the whole domain',
    [
      ['budi@gmail.com', 'b***i@gmail.com'],
      ['budi.santoso+toko@contoh.co.id', 'b***o@contoh.co.id'],
      ['ab@x.id', 'a***@x.id'],
      ['a@x.id', 'a***@x.id'],
    ],
  ],
  [
    'maskEmail',
    maskEmail,
    'never shows a value that is not an address',
    [
      ['bukan-email', '***'],
      ['@x.id', '***'],
    ],
  ],
  [
    'maskPhone',
    maskPhone,
    'shows the operator prefix and the last four digits of a stored number',
    [
      ['+6281234567890', '+62 812-****-7890'],
      ['+62811123456', '+62 811-****-3456'],
      ['+62812345678901', '+62 812-****-8901'],
    ],
  ],
  [
    'maskPhone',
    maskPhone,
    'keeps only the last four digits of anything else',
    [
      ['021-5000-1234', '****-1234'],
      ['123', '****'],
    ],
  ],
  [
    'maskPersonName',
    maskPersonName,
    'keeps the first name and the initials of the others',
    [
      ['Budi Santoso', 'Budi S.'],
      ['  siti  nur aisyah ', 'siti N. A.'],
      ['Sukarno', 'Sukarno'],
      ['', ''],
    ],
  ],
  [
    'maskNik',
    maskNik,
    'hides all but the last four digits (region, birth date and serial)',
    [
      ['3174015505900001', '************0001'],
      ['3174 0155 0590 0001', '************0001'],
      ['12345', '***45'],
      ['1', '*'],
    ],
  ],
  [
    'maskAccountNumber',
    maskAccountNumber,
    'shows only the last four digits',
    [
      ['1234567890', '******7890'],
      ['123-456-7890', '******7890'],
      ['1234', '****'],
    ],
  ],
  // UU PDP: the admin screens show these masked by default.
  [
    'maskNikForAdmin',
    maskNikForAdmin,
    'shows a NIK as its last four digits, in groups',
    [
      ['3171011708900001', '•••• •••• •••• 0001'],
      ['123', '••••'],
    ],
  ],
  [
    'maskAccountForAdmin',
    maskAccountForAdmin,
    'shows an account number as its last four digits',
    [
      ['1234567890', '•••• 7890'],
      ['123-456.7890', '•••• 7890'],
      ['123', '••••'],
    ],
  ],
];

describe.each(CASES)('%s', (_name, mask, promise, pairs) => {
  it(promise, () => {
    for (const [input, shown] of pairs) expect(mask(input), JSON.stringify(input)).toBe(shown);
  });
});

describe('isMaskedEmail', () => {
  it('recognises what maskEmail shows, not a real address', () => {
    for (const email of ['budi@gmail.com', 'ab@x.id', 'é@x.id', 'bukan']) expect(isMaskedEmail(maskEmail(email)), email).toBe(true);
    expect(isMaskedEmail('budi@gmail.com')).toBe(false);
  });
});
