import type { Readable } from 'node:stream';

/** Where document bytes live. Keys are opaque, random and never derived from user input. */
export interface Storage {
  readonly kind: string;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes of a key, or null when nothing is stored under it. */
  get(key: string): Promise<Buffer | null>;
  stream(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  /** Removing a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key starting with the prefix, in no particular order (backups walk the whole store). */
  list(prefix?: string): AsyncIterable<string>;
  /**
   * Removes what writes cut short (a crash mid-put) left behind before `olderThan`; returns how many.
   * Such leftovers are partial identity documents: they must not stay on disk for ever.
   */
  purgeInterruptedWrites(olderThan: Date): Promise<number>;
}

/** Keys are slash-separated segments of [a-z0-9_-.]; anything else could escape the storage root. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9_-]+(\/[a-z0-9_.-]+)*$/i.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  }
}

/**
 * The storage could not be reached or refused to work (connection refused, timeout, disk full, denied).
 * The error handler answers 503 STORAGE_UNAVAILABLE: the applicant can retry later, nothing was written.
 */
export class StorageUnavailableError extends Error {
  constructor(operation: string, key: string, cause: unknown) {
    super(`storage ${operation} ${key} failed: ${cause instanceof Error ? cause.message || cause.name : String(cause)}`, { cause });
    this.name = 'StorageUnavailableError';
  }
}
