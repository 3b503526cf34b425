/** Removes the separators people type inside numbers: spaces, dots, dashes, parentheses. */
export function stripSeparators(value: string): string {
  return value.replace(/[\s.\-()]/g, '');
}

function isRealDate(day: number, month: number, twoDigitYear: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  // The century is not in the NIK: a date real in either century counts (29 February).
  return [1900, 2000].some((century) => {
    const year = century + twoDigitYear;
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  });
}

/**
 * NIK: 16 digits `PP KK CC DDMMYY SSSS`; women have 40 added to the day; no check digit. Region codes
 * change over time, so only the structure is checked: digits, a real date of birth, a serial not 0000.
 */
export function isStructurallyValidNik(nik: string): boolean {
  if (!/^\d{16}$/.test(nik)) return false;
  let day = Number(nik.slice(6, 8));
  const month = Number(nik.slice(8, 10));
  const year = Number(nik.slice(10, 12));
  if (day > 40) day -= 40;
  if (!isRealDate(day, month, year)) return false;
  return nik.slice(12, 16) !== '0000';
}

/**
 * Indonesian mobile numbers typed as `08…`, `62…` or `+62…`, then 8 and 8-11 more digits, stored as
 * `+628…` so that a lookup matches however the number was typed. Null when it is not one.
 */
export function normalizeMobile(raw: string): string | null {
  const compact = stripSeparators(raw);
  const match = /^(?:\+62|62|0)(8\d{8,11})$/.exec(compact);
  return match ? `+62${match[1]}` : null;
}

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}
