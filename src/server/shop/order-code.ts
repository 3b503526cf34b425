import type { CodeKind } from '../shared/unique-code.js';

/** `ORD-` and 8 characters of A-Z and 0-9: 36^8 ≈ 2.8 trillion codes, so a code is not guessable. */
export const ORDER_CODE: CodeKind = {
  name: 'order',
  prefix: 'ORD-',
  alphabet: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  length: 8,
  constraint: 'orders_kode_pesanan_key',
};
