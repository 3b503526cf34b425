import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session cookies and registration receipts. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a leaked table cannot be replayed as tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
