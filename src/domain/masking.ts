/**
 * Partial display of personal data. A registration code has only about 79 million values, so a
 * lookup by code alone must not hand out a whole e-mail address, phone number or name; admin audit
 * views reuse the NIK and account helpers so that identity numbers never appear whole in a diff.
 */

const STARS = '***';

/** `budi.santoso@gmail.com` → `b***o@gmail.com`; a one- or two-letter local part keeps only its first letter. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return STARS;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const chars = Array.from(local);
  const masked = chars.length <= 2 ? `${chars[0]}${STARS}` : `${chars[0]}${STARS}${chars.at(-1)}`;
  return `${masked}@${domain}`;
}

/**
 * `+6281234567890` → `+62 812-****-7890`: the operator prefix and the last four digits, enough for
 * the owner to recognise the number. Anything not stored as `+62…` keeps only its last four digits.
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const national = /^62(8\d{8,11})$/.exec(digits)?.[1];
  if (national) return `+62 ${national.slice(0, 3)}-****-${national.slice(-4)}`;
  return digits.length > 4 ? `****-${digits.slice(-4)}` : '****';
}

/** `Budi Santoso Wijaya` → `Budi S. W.`: the first name and the initials of the others. */
export function maskPersonName(name: string): string {
  const [first, ...rest] = name.trim().split(/\s+/).filter(Boolean);
  if (!first) return '';
  const initials = rest.map((part) => `${Array.from(part)[0]!.toUpperCase()}.`);
  return [first, ...initials].join(' ');
}

/**
 * `3174015505900001` → `************0001`: the last four digits only. The region code of the first four
 * was shown once, but with the last four and an exact search it rebuilt a NIK; the middle is a birth date.
 * Short or odd values show at most their last two characters.
 */
export function maskNik(nik: string): string {
  const value = nik.replace(/\s/g, '');
  if (value.length >= 12) return `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;
  if (value.length > 2) return `${'*'.repeat(value.length - 2)}${value.slice(-2)}`;
  return '*'.repeat(value.length);
}

/** `1234567890` → `******7890`: the last four digits, as banks print them. */
export function maskAccountNumber(accountNumber: string): string {
  const value = accountNumber.replace(/[\s.-]/g, '');
  if (value.length <= 4) return '*'.repeat(value.length);
  return `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;
}

/** True for a value produced by maskEmail: the page then explains why it sees only part of the data. */
export function isMaskedEmail(value: string): boolean {
  return /^[^@]?\*\*\*[^@]?@/u.test(value) || value === STARS;
}

const DOTS = '••••';

/** The admin screens' NIK: `•••• •••• •••• 0001`, the last four digits only (as maskNik). */
export function maskNikForAdmin(nik: string): string {
  const value = nik.replace(/\s/g, '');
  if (value.length < 8) return DOTS;
  return `${DOTS} ${DOTS} ${DOTS} ${value.slice(-4)}`;
}

/** The admin screens' account number: `•••• 7890`. */
export function maskAccountForAdmin(accountNumber: string): string {
  const value = accountNumber.replace(/[\s.-]/g, '');
  return value.length > 4 ? `${DOTS} ${value.slice(-4)}` : DOTS;
}
