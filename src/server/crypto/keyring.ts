import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

// `enc:v2:<key id>:<nonce>:<ciphertext+tag>`, base64url parts, the key id telling which key of the ring
// opens it. v2 values are bound to their place (table, column, row id) through GCM's additional data, so
// a ciphertext copied into another row or column does not open. `enc:v1:` values (unbound, written before
// that) and clear values only ever reach the start-up upgrade (db/encrypt-identity-rows.ts).
const PREFIX = 'enc:v2:';
const LEGACY_PREFIX = 'enc:v1:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class KeyringError extends Error {}

/** Where a value lives: its ciphertext opens only there. */
export type SealPlace = { table: string; column: string; rowId: string };

const additionalData = (place: SealPlace) => Buffer.from(`aipos|${place.table}|${place.column}|${place.rowId}`, 'utf8');

type Key = { id: string; encryption: Buffer; index: Buffer };

function deriveKey(master: Buffer): Key {
  if (master.length !== 32) throw new KeyringError('a data encryption key must be 32 bytes');
  // Two keys from one secret: the blind index must not be computable from the encryption key's output.
  const encryption = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'aipos/field-encryption/v1', 32));
  const index = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'aipos/blind-index/v1', 32));
  const id = createHash('sha256').update(encryption).digest('hex').slice(0, 8);
  return { id, encryption, index };
}

/**
 * AES-256-GCM for single fields (NIK, account number, TOTP secret) with a random nonce per value, and a
 * keyed hash (HMAC-SHA-256) for exact search. The first key encrypts; the others only open what they
 * wrote, so keys can rotate while rows are re-encrypted (npm run keys:rotate).
 */
export class Keyring {
  private readonly keys: Key[];

  constructor(current: Buffer, previous: Buffer[] = []) {
    this.keys = [deriveKey(current), ...previous.map(deriveKey)];
  }

  get currentKeyId(): string {
    return this.keys[0]!.id;
  }

  /** Ciphertext of `plaintext` that opens only at `place`. */
  seal(plaintext: string, place: SealPlace): string {
    const key = this.keys[0]!;
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key.encryption, nonce);
    cipher.setAAD(additionalData(place));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${PREFIX}${key.id}:${nonce.toString('base64url')}:${body.toString('base64url')}`;
  }

  /** The value sealed at `place`; anything else (clear text, an unbound or moved value) is an error. */
  open(stored: string, place: SealPlace): string {
    if (!stored.startsWith(PREFIX)) throw new KeyringError(`${place.table}.${place.column} holds a value that is not sealed ciphertext`);
    return this.decipher(stored.slice(PREFIX.length), additionalData(place));
  }

  /**
   * The start-up upgrade's reader: a clear value as it is, an unbound `enc:v1:` value opened, a sealed
   * value opened at its place. Nothing else reads without the seal.
   */
  openForUpgrade(stored: string, place: SealPlace): string {
    if (stored.startsWith(PREFIX)) return this.open(stored, place);
    if (stored.startsWith(LEGACY_PREFIX)) return this.decipher(stored.slice(LEGACY_PREFIX.length), null);
    return stored;
  }

  private decipher(rest: string, aad: Buffer | null): string {
    const [id, nonce, body] = rest.split(':');
    const key = this.keys.find((candidate) => candidate.id === id);
    if (!key || !nonce || !body)
      throw new KeyringError(
        `no key ${id ?? '?'} in the ring: set DATA_ENCRYPTION_KEY (and DATA_ENCRYPTION_KEYS_OLD) to the keys that wrote this data`,
      );
    const bytes = Buffer.from(body, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key.encryption, Buffer.from(nonce, 'base64url'));
    if (aad) decipher.setAAD(aad);
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new KeyringError('a stored value does not open at its place: it was altered or moved');
    }
  }

  /** The blind index under the current key: what is stored beside the ciphertext. */
  blindIndex(normalized: string): string {
    return createHmac('sha256', this.keys[0]!.index).update(normalized).digest('base64url');
  }

  /** The blind index under every key of the ring: a search finds rows not yet rotated too. */
  blindIndexes(normalized: string): string[] {
    return this.keys.map((key) => createHmac('sha256', key.index).update(normalized).digest('base64url'));
  }

  /** True when the stored value was written under a key other than the current one. */
  needsRotation(stored: string): boolean {
    return !stored.startsWith(`${PREFIX}${this.currentKeyId}:`);
  }
}

/** The LIKE pattern of unbound values written before values were sealed to their place. */
export const LEGACY_PATTERN = `${LEGACY_PREFIX}%`;

/** The LIKE pattern of values already sealed under `keyId` (or any key), for the upgrade's scans. */
export function sealedPattern(keyId?: string): string {
  return keyId ? `${PREFIX}${keyId}:%` : `${PREFIX}%`;
}

/** A 32-byte key from its base64 text (standard or url-safe alphabet). */
export function parseKey(text: string, name: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new KeyringError(`${name} must be 32 bytes in base64 (make one with: openssl rand -base64 32)`);
  return key;
}
