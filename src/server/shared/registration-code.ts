import type { CodeKind } from './unique-code.js';

/**
 * docs/spec.md §3: `AIP-` and 5 characters of A-Z, 0-9, `_` and `-`. 38^5 ≈ 79 million codes: even at
 * 100,000 merchants, eight clashes in a row are out of reach.
 */
export const REGISTRATION_CODE: CodeKind = {
  name: 'registration',
  prefix: 'AIP-',
  alphabet: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-',
  length: 5,
  constraint: 'merchants_kode_pendaftaran_key',
};
