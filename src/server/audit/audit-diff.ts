import { maskAccountNumber, maskNik, maskPersonName } from '../../domain/masking.js';

/** What an address field's value becomes in a diff: the trail says it changed, never what it holds. */
export const CHANGED_MARKER = '[diubah]';

const ADDRESS_FIELDS = new Set(['alamat_jalan', 'alamat_pemilik', 'kode_pos']);
const NAME_FIELDS = new Set(['nama_pemilik', 'nama_rekening']);

/** `budi@contoh.co.id` → `b***@contoh.co.id`: the first letter and the domain, so a change reads without the address. */
export function maskEmailForAudit(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${Array.from(email)[0]}***@${email.slice(at + 1)}`;
}

/** `+6281234567158` → `+62812****158`: the operator prefix and the last three digits. */
export function maskPhoneForAudit(phone: string): string {
  const value = phone.replace(/\s/g, '');
  return value.length > 9 ? `${value.slice(0, 6)}****${value.slice(-3)}` : '****';
}

/**
 * Audit diffs are read by every admin for years and outlive an erasure (the trail is append-only): identity
 * and account numbers, e-mail, phone, names and address fields appear masked, so the trail names which
 * field changed without holding the applicant's data. Migration 0013 applied the same rules to older rows.
 */
export function maskSensitiveFields(fields: Record<string, unknown>): Record<string, unknown> {
  const masked = { ...fields };
  for (const [field, value] of Object.entries(masked)) {
    if (typeof value !== 'string') continue;
    if (field === 'nik') masked[field] = maskNik(value);
    else if (field === 'no_rekening') masked[field] = maskAccountNumber(value);
    else if (field === 'email') masked[field] = maskEmailForAudit(value);
    else if (field === 'no_hp') masked[field] = maskPhoneForAudit(value);
    else if (ADDRESS_FIELDS.has(field)) masked[field] = CHANGED_MARKER;
    else if (NAME_FIELDS.has(field)) masked[field] = maskPersonName(value);
  }
  return masked;
}
