import { readFileSync } from 'node:fs';
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../domain/auth.js';

// Beside this module in src/ and in the build (scripts/build-server.ts copies it): the built server reads nothing from src/.
const LIST_URL = new URL('./common-passwords.txt', import.meta.url);

let common: Set<string> | null = null;

function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(LIST_URL, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return common;
}

/**
 * ASVS 2.1: length 12..128 counted in characters, no composition rules, not a known common password
 * (compared without case) and not the account's own e-mail. Returns the Indonesian reason, or null.
 */
export function passwordPolicyViolation(password: string, email?: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return AUTH_MESSAGES.passwordTooLong;
  const lowered = password.trim().toLowerCase();
  if (commonPasswords().has(lowered)) return AUTH_MESSAGES.passwordTooCommon;
  if (email) {
    const address = email.trim().toLowerCase();
    if (lowered === address || lowered === address.split('@')[0]) return AUTH_MESSAGES.passwordTooCommon;
  }
  return null;
}
