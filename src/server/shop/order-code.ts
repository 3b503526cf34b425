import { randomInt } from 'node:crypto';
import { uniqueViolation } from '../db/unique-violation.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const CODE_LENGTH = 8;
/** The unique index that decides whether a code is free (src/server/db/schema.ts). */
export const ORDER_CODE_CONSTRAINT = 'orders_kode_pesanan_key';
/** 36^8 ≈ 2.8 trillion codes: eight clashes in a row do not happen by chance. */
const MAX_ATTEMPTS = 8;

/** Produces a candidate code; injectable so a test can force a clash. */
export type OrderCodeGenerator = () => string;

/** `ORD-` and 8 characters of A-Z and 0-9, from a cryptographic source: a code is not guessable. */
export const generateOrderCode: OrderCodeGenerator = () => {
  let suffix = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `ORD-${suffix}`;
};

export class OrderCodeExhaustedError extends Error {
  constructor() {
    super(`no free order code after ${MAX_ATTEMPTS} attempts`);
  }
}

/**
 * Runs `attempt` with fresh codes until it does not hit the code's unique index. `attempt` must insert
 * inside its own transaction: a unique violation aborts a PostgreSQL transaction (and gives back the
 * units it held), so each retry starts a new one.
 */
export async function withUniqueOrderCode<T>(
  attempt: (code: string) => Promise<T>,
  generate: OrderCodeGenerator = generateOrderCode,
): Promise<T> {
  for (let tries = 0; tries < MAX_ATTEMPTS; tries += 1) {
    try {
      return await attempt(generate());
    } catch (error) {
      if (uniqueViolation(error) !== ORDER_CODE_CONSTRAINT) throw error;
    }
  }
  throw new OrderCodeExhaustedError();
}
