import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Keyring, KeyringError, parseKey } from './keyring.js';

const NIK = '3174015503900001';

describe('Keyring', () => {
  it('encrypts each value with a fresh nonce under the current key id, and opens it again', () => {
    const ring = new Keyring(randomBytes(32));
    const first = ring.encrypt(NIK);
    const second = ring.encrypt(NIK);
    expect(first).not.toBe(second);
    expect(first).toMatch(new RegExp(`^enc:v1:${ring.currentKeyId}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$`));
    expect(first).not.toContain(NIK);
    expect(ring.decrypt(first)).toBe(NIK);
    expect(ring.decrypt(second)).toBe(NIK);
  });

  it('reads values of an older key after rotation, and writes only under the new one', () => {
    const oldKey = randomBytes(32);
    const before = new Keyring(oldKey);
    const stored = before.encrypt(NIK);
    const rotated = new Keyring(randomBytes(32), [oldKey]);
    expect(rotated.decrypt(stored)).toBe(NIK);
    expect(rotated.needsRotation(stored)).toBe(true);
    expect(rotated.needsRotation(rotated.encrypt(NIK))).toBe(false);
    // The search looks for the index under both keys; the stored one is the current key's.
    expect(rotated.blindIndexes(NIK)).toEqual([rotated.blindIndex(NIK), before.blindIndex(NIK)]);
  });

  it('refuses a value whose key is not in the ring, and a tampered value', () => {
    const stored = new Keyring(randomBytes(32)).encrypt(NIK);
    expect(() => new Keyring(randomBytes(32)).decrypt(stored)).toThrow(KeyringError);
    const ring = new Keyring(Buffer.alloc(32, 1));
    const value = ring.encrypt(NIK);
    // One bit of the ciphertext flipped (decoded, not a base64 character, which may be padding bits only).
    const [prefix, body] = [value.slice(0, value.lastIndexOf(':') + 1), Buffer.from(value.slice(value.lastIndexOf(':') + 1), 'base64url')];
    body[0] = body[0]! ^ 1;
    expect(() => ring.decrypt(prefix + body.toString('base64url'))).toThrow();
    expect(ring.decrypt(value)).toBe(NIK);
  });

  it('gives a stable keyed hash that is not the plain SHA-256 and differs per key', () => {
    const ring = new Keyring(Buffer.alloc(32, 1));
    expect(ring.blindIndex(NIK)).toBe(new Keyring(Buffer.alloc(32, 1)).blindIndex(NIK));
    expect(ring.blindIndex(NIK)).not.toBe(new Keyring(Buffer.alloc(32, 2)).blindIndex(NIK));
    expect(ring.blindIndex(NIK)).not.toBe(ring.blindIndex('3174015503900002'));
  });

  it('reads a clear value written before encryption as it is', () => {
    expect(new Keyring(randomBytes(32)).decrypt(NIK)).toBe(NIK);
  });

  it('takes only 32-byte base64 keys', () => {
    expect(parseKey(Buffer.alloc(32, 3).toString('base64'), 'K')).toHaveLength(32);
    expect(() => parseKey('c2hvcnQ=', 'DATA_ENCRYPTION_KEY')).toThrow(/^DATA_ENCRYPTION_KEY must be 32 bytes in base64/);
  });
});
