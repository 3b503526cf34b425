import { stripSeparators } from '../../domain/indonesian-ids.js';

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
