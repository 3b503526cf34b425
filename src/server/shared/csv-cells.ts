/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, and tab or CR that some read the same way)
 * gets a leading apostrophe (OWASP CSV injection).
 */
export function escapeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
