import type { Keyring } from './keyring.js';

/**
 * The keyring the encrypted columns use. Set once at boot (server, scripts, test builder) before the
 * database is opened: the column type encrypts at the driver boundary, where no request context reaches,
 * so that no query can store a NIK in clear by forgetting a call.
 */
let installed: Keyring | null = null;

export function installKeyring(keyring: Keyring): void {
  installed = keyring;
}

export function keyring(): Keyring {
  if (!installed) throw new Error('No data encryption keyring installed: call installKeyring() at boot');
  return installed;
}

/** Digits only: `3171 0101 0190 0001` and `3171010101900001` are one NIK. */
export const normalizeNik = (nik: string) => nik.replace(/\D/g, '');
/** Without spaces, dots and dashes, as account numbers are typed. */
export const normalizeAccountNumber = (value: string) => value.replace(/[\s.-]/g, '');

export function nikHash(nik: string): string {
  return keyring().blindIndex(normalizeNik(nik));
}

export function accountNumberHash(value: string): string {
  return keyring().blindIndex(normalizeAccountNumber(value));
}
