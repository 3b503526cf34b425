import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. Deliberately not tailwind-merge (decision 0043): it cost every page 8 KB gzip.
 * Two classes that set the same property are therefore never resolved here; class-conflicts.test.ts
 * keeps the code free of such pairs, and components take variant props (`tone`, `size`, `colours`)
 * where a caller needs something other than their defaults.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
