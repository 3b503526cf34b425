import { maskAccountNumber, maskNik } from '../../domain/masking.js';

/** Audit diffs are read by every admin for years: identity and account numbers appear masked. */
export function maskSensitiveFields(fields: Record<string, unknown>): Record<string, unknown> {
  const masked = { ...fields };
  if (typeof masked.nik === 'string') masked.nik = maskNik(masked.nik);
  if (typeof masked.no_rekening === 'string') masked.no_rekening = maskAccountNumber(masked.no_rekening);
  return masked;
}
