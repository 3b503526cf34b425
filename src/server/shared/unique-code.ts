import { randomInt } from 'node:crypto';
import { uniqueViolation } from '../db/unique-violation.js';

/** A public code: a prefix and random characters from a cryptographic source, kept unique by a database index. */
export type CodeKind = {
  /** For the error message. */
  name: string;
  prefix: string;
  alphabet: string;
  length: number;
  /** The unique index that decides whether a code is free (src/server/db/schema.ts). */
  constraint: string;
};

/** Produces a candidate code; injectable so a test can force a clash. */
export type CodeGenerator = () => string;

/** Each kind's code space makes eight clashes in a row out of reach by chance. */
const MAX_ATTEMPTS = 8;

export function codeGenerator(kind: CodeKind): CodeGenerator {
  return () => {
    let suffix = '';
    for (let i = 0; i < kind.length; i += 1) suffix += kind.alphabet[randomInt(kind.alphabet.length)];
    return `${kind.prefix}${suffix}`;
  };
}

export class CodeExhaustedError extends Error {
  constructor(kind: CodeKind) {
    super(`no free ${kind.name} code after ${MAX_ATTEMPTS} attempts`);
  }
}

/**
 * Runs `attempt` with fresh codes until it does not hit the code's unique index. `attempt` must insert
 * inside its own transaction: a unique violation aborts a PostgreSQL transaction (and gives back what it
 * held, an order's units), so each retry starts a new one. No select-then-insert, so two requests can
 * never both take the same free code.
 */
export async function withUniqueCode<T>(
  kind: CodeKind,
  attempt: (code: string) => Promise<T>,
  generate: CodeGenerator = codeGenerator(kind),
): Promise<T> {
  for (let tries = 0; tries < MAX_ATTEMPTS; tries += 1) {
    try {
      return await attempt(generate());
    } catch (error) {
      if (uniqueViolation(error) !== kind.constraint) throw error;
    }
  }
  throw new CodeExhaustedError(kind);
}
