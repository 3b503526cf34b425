import { randomInt } from 'node:crypto';
import { uniqueViolation } from '../db/unique-violation.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-';
const CODE_LENGTH = 5;
/** The unique index that decides whether a code is free (src/server/db/schema.ts). */
export const REGISTRATION_CODE_CONSTRAINT = 'merchants_kode_pendaftaran_key';
/** 38^5 ≈ 79 million codes: even at 100,000 merchants, eight clashes in a row are out of reach. */
const MAX_ATTEMPTS = 8;

/** Produces a candidate code; injectable so a test can force a clash. */
export type RegistrationCodeGenerator = () => string;

/** docs/spec.md §3: `AIP-` and 5 characters of A-Z, 0-9, `_` and `-`, from a cryptographic source. */
export const generateRegistrationCode: RegistrationCodeGenerator = () => {
  let suffix = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `AIP-${suffix}`;
};

export class RegistrationCodeExhaustedError extends Error {
  constructor() {
    super(`no free registration code after ${MAX_ATTEMPTS} attempts`);
  }
}

/**
 * Runs `attempt` with fresh codes until it does not hit the code's unique index. `attempt` must insert
 * inside its own transaction: a unique violation aborts a PostgreSQL transaction, so each retry starts a
 * new one. No select-then-insert, so two requests can never both take the same free code.
 */
export async function withUniqueRegistrationCode<T>(
  attempt: (code: string) => Promise<T>,
  generate: RegistrationCodeGenerator = generateRegistrationCode,
): Promise<T> {
  for (let tries = 0; tries < MAX_ATTEMPTS; tries += 1) {
    try {
      return await attempt(generate());
    } catch (error) {
      if (uniqueViolation(error) !== REGISTRATION_CODE_CONSTRAINT) throw error;
    }
  }
  throw new RegistrationCodeExhaustedError();
}
