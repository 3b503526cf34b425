import { identityTermKinds } from '../../domain/identity-search.js';
import { stripSeparators } from '../../domain/indonesian-ids.js';
import { keyring, normalizeAccountNumber, normalizeNik } from '../crypto/identity-fields.js';

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The substrings a search term may match. Phones are stored as +628…, so a typed `0812-3456` or
 * `62812 3456` also searches for `+628123456`.
 */
export function searchVariants(term: string): string[] {
  const variants = new Set([term]);
  if (/^[+\d\s().-]+$/.test(term)) {
    const digits = stripSeparators(term);
    if (digits.replace(/\D/g, '').length >= 3) {
      variants.add(digits);
      if (digits.startsWith('0')) variants.add(`+62${digits.slice(1)}`);
      else if (digits.startsWith('62')) variants.add(`+${digits}`);
    }
  }
  return [...variants];
}

/**
 * The blind indexes to look for when the term is a whole NIK (16 digits) or could be an account number
 * (5-20 digits, separators allowed): under every key of the ring, so rows not yet rotated are found too.
 */
export function identitySearch(term: string): { nik: string[]; noRekening: string[] } {
  const kinds = identityTermKinds(term);
  return {
    nik: kinds.nik ? keyring().blindIndexes(normalizeNik(term)) : [],
    noRekening: kinds.no_rekening ? keyring().blindIndexes(normalizeAccountNumber(term)) : [],
  };
}

/** What a registration code looks like (docs/spec.md §3: `AIP-` and 5 of A-Z, 0-9, `_`, `-`), typed in part. */
const CODE_PREFIX = /^AIP-[A-Z0-9_-]{0,5}$/i;

/** The code prefix to look for when the term looks like a registration code, in the stored upper case. */
export function codePrefix(term: string): string | undefined {
  return CODE_PREFIX.test(term) ? term.toUpperCase() : undefined;
}
