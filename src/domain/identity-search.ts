/**
 * Which identity numbers a list search term could be: a whole NIK (16 digits) or an account number (5-20
 * digits), spaces, dots and dashes allowed. Such a term is looked up through the keyed hash, audited as
 * identity_search and limited per admin; it never travels in a URL (the client sends it in a POST body).
 */
export type IdentityTermKinds = { nik: boolean; no_rekening: boolean };

export function identityTermKinds(term: string): IdentityTermKinds {
  const trimmed = term.trim();
  if (!/^[\d\s.-]+$/.test(trimmed)) return { nik: false, no_rekening: false };
  return {
    nik: trimmed.replace(/\D/g, '').length === 16,
    no_rekening: /^\d{5,20}$/.test(trimmed.replace(/[\s.-]/g, '')),
  };
}

export function isIdentityTerm(term: string): boolean {
  const kinds = identityTermKinds(term);
  return kinds.nik || kinds.no_rekening;
}

/** What an audit row says instead of an identity number typed as a search. */
export const IDENTITY_TERM_PLACEHOLDER = '[NIK/nomor rekening]';

export const IDENTITY_SEARCH_MESSAGES = {
  limited: 'Terlalu banyak pencarian NIK atau nomor rekening. Coba lagi dalam 1 jam.',
} as const;
