import { keyring } from './identity-fields.js';
import type { SealPlace } from './keyring.js';

/** The tables that hold sealed columns, each with the columns it seals. */
export type SealedColumns = {
  merchants: 'nik' | 'no_rekening';
  users: 'totp_secret';
  outbox_messages: 'text_body' | 'html_body';
  webhook_endpoints: 'secret';
};

/**
 * A value of an encrypted column as the database holds it. It is not a string on purpose: code can only
 * read it by naming the row it came from (`unseal`), and only store one sealed for its row (`seal`), so
 * a ciphertext cannot be read or written away from its place without the compiler noticing.
 */
export class Sealed {
  constructor(
    readonly stored: string,
    /** Set when sealed here; a value read from the database carries no place of its own. */
    readonly place?: SealPlace,
  ) {}
}

/** What an erased row holds in a sealed column: a fixed marker, no data, so nothing to seal. */
export const ERASED_MARKER = '[dihapus]';
export const ERASED = new Sealed(ERASED_MARKER);

export function seal<T extends keyof SealedColumns>(value: string, table: T, column: SealedColumns[T], rowId: string): Sealed {
  const place = { table, column, rowId };
  return new Sealed(keyring().seal(value, place), place);
}

export function unseal<T extends keyof SealedColumns>(value: Sealed, table: T, column: SealedColumns[T], rowId: string): string {
  if (value.stored === ERASED_MARKER) return ERASED_MARKER;
  return keyring().open(value.stored, { table, column, rowId });
}
