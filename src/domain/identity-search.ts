/**
 * Which identity numbers a list search term could be: a whole NIK (16 digits) or an account number (7-20
 * digits), spaces, dots and dashes allowed. Such a term is looked up through the keyed hash, audited as
 * identity_search and limited per admin; it never travels in a URL (the client sends it in a POST body).
 *
 * Numbers an admin types every day are ordinary searches, neither audited nor counted: a mobile number,
 * whole or its start (`08…` up to 13 digits, `628…` up to 14: phones are searched in clear), and a
 * postcode or any other number of up to 6 digits. So an account number that starts like a mobile number,
 * or has 5-6 digits, is not looked up through its hash: rare, and such an account is still found by the
 * store's name, phone or code.
 */
export type IdentityTermKinds = { nik: boolean; no_rekening: boolean };

/** The fewest digits an account number searched as one has: more than a postcode (3-6 digits). */
const ACCOUNT_SEARCH_MIN_DIGITS = 7;
/** A mobile number typed in whole or in part, as stored (`+628…`) without its plus, or nationally (`08…`). */
const MOBILE_LIKE = /^(?:08\d{0,11}|628\d{0,11})$/;

export function identityTermKinds(term: string): IdentityTermKinds {
  const trimmed = term.trim();
  if (!/^[\d\s.-]+$/.test(trimmed)) return { nik: false, no_rekening: false };
  const digits = trimmed.replace(/[\s.-]/g, '');
  const nik = digits.length === 16;
  // A mobile number has at most 14 digits: one is never a NIK.
  if (!nik && MOBILE_LIKE.test(digits)) return { nik: false, no_rekening: false };
  return { nik, no_rekening: digits.length >= ACCOUNT_SEARCH_MIN_DIGITS && digits.length <= 20 };
}

export function isIdentityTerm(term: string): boolean {
  const kinds = identityTermKinds(term);
  return kinds.nik || kinds.no_rekening;
}

/** What an audit row says instead of an identity number typed as a search. */
export const IDENTITY_TERM_PLACEHOLDER = '[NIK/nomor rekening]';

export const IDENTITY_SEARCH_MESSAGES = {
  limited: 'Terlalu banyak pencarian NIK atau nomor rekening. Coba lagi dalam 1 jam.',
  inUrl: 'NIK atau nomor rekening tidak boleh dicari lewat alamat URL. Gunakan kolom pencarian di daftar merchant.',
} as const;
