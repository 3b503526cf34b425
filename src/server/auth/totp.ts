import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { TotpSetup } from '../../domain/auth.js';
import { seal, unseal, type Sealed } from '../crypto/sealed.js';
import type { Db } from '../db/database.js';
import { users, type UserRow } from '../db/schema.js';

const ISSUER = 'AIPOS Merchant Portal';

function totpFor(secretBase32: string, label: string): TOTP {
  // RFC 6238 defaults every authenticator app understands: SHA-1, 6 digits, 30 seconds.
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secretBase32) });
}

/** A new 160-bit secret, its otpauth:// URL and that URL as a QR code image (data: URL). */
export async function newTotpSetup(email: string): Promise<TotpSetup> {
  const secret = new Secret({ size: 20 }).base32;
  const otpauthUrl = totpFor(secret, email).toString();
  // Loaded when an admin sets up a second factor, not at start (heap every collection marks).
  const { default: QRCode } = await import('qrcode');
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, otpauthUrl, qrDataUrl };
}

/** The time step the code belongs to (one step of clock drift either way), or null. */
export function matchTotpStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpFor(secretBase32, 'check');
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

const userTotpSecret = (user: UserRow, secret: Sealed) => unseal(secret, 'users', 'totp_secret', user.id);

/**
 * Accepts a code for an enrolled user once: the step is recorded with a conditional update, so the same
 * code (or an older one) fails even when two requests race.
 */
export async function consumeTotpCode(db: Db, user: UserRow, code: string, now: Date): Promise<boolean> {
  if (!user.totpSecret || !user.totpEnabledAt) return false;
  const step = matchTotpStep(userTotpSecret(user, user.totpSecret), code, now);
  if (step === null) return false;
  const updated = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return updated.length === 1;
}

/** Stores a not-yet-confirmed secret; sign-in ignores it until totp_enabled_at is set. */
export async function storePendingSecret(db: Db, userId: string, secret: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: seal(secret, 'users', 'totp_secret', userId), totpEnabledAt: null, totpLastStep: null, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Confirms enrolment with a code of the pending secret; that code's step counts as used. */
export async function enableTotp(db: Db, user: UserRow, code: string, now: Date): Promise<boolean> {
  if (!user.totpSecret || user.totpEnabledAt) return false;
  const step = matchTotpStep(userTotpSecret(user, user.totpSecret), code, now);
  if (step === null) return false;
  const updated = await db
    .update(users)
    .set({ totpEnabledAt: now, totpLastStep: step, updatedAt: now })
    .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt), eq(users.updatedAt, user.updatedAt)))
    .returning({ id: users.id });
  return updated.length === 1;
}
