import { randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '../../domain/auth.js';
import type { Db } from '../db/database.js';
import { recoveryCodes } from '../db/schema.js';
import { hashToken } from '../shared/tokens.js';

// No 0/o, 1/l/i: codes are read off paper and typed by hand. 31 symbols × 10 ≈ 49 bits each, and
// every guess counts against the account's failure limit, so a fast hash is enough.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newCode(): string {
  let raw = '';
  for (let i = 0; i < 10; i += 1) raw += ALPHABET[randomInt(ALPHABET.length)];
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

function normalize(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{10}$/.test(normalize(code));
}

/** Replaces the user's codes with ten new ones; the plain codes are shown once and never stored. */
export async function issueRecoveryCodes(db: Db, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashToken(normalize(code)), createdAt: now })));
  });
  return codes;
}

/** Marks one unused code used, atomically: a code works once even under concurrent requests. */
export async function consumeRecoveryCode(db: Db, userId: string, code: string, now: Date): Promise<boolean> {
  if (!looksLikeRecoveryCode(code)) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashToken(normalize(code))), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}
