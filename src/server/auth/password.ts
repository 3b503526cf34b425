import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id floor: 19 MiB, two passes, one lane (about 30 ms here). The library's default
// algorithm is argon2id; a test checks the stored hashes say so.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, never a 500 that tells the account exists.
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * An unknown e-mail costs one argon2 verification like a known one, so the answer time does not
 * tell which e-mails have accounts.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword('aipos-timing-equaliser-not-a-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
