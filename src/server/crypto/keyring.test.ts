import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { legacyCiphertext } from '../../../tests/support/legacy-ciphertext.js';
import { Keyring, KeyringError, parseKey } from './keyring.js';

const NIK = '3174015503900001';

const HERE = { table: 'merchants', column: 'nik', rowId: '0b7e2f4c-6a55-4f0e-9d0e-6a1f2c3d4e5f' };

describe('Keyring', () => {
  it('seals each value with a fresh nonce under the current key id, and opens it at its place', () => {
    const ring = new Keyring(randomBytes(32));
    const first = ring.seal(NIK, HERE);
    const second = ring.seal(NIK, HERE);
    expect(first).not.toBe(second);
    expect(first).toMatch(new RegExp(`^enc:v2:${ring.currentKeyId}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$`));
    expect(first).not.toContain(NIK);
    expect(ring.open(first, HERE)).toBe(NIK);
    expect(ring.open(second, HERE)).toBe(NIK);
  });

  it('does not open a value moved to another row, column or table', () => {
    const ring = new Keyring(randomBytes(32));
    const stored = ring.seal(NIK, HERE);
    const moved = 'a stored value does not open at its place: it was altered or moved';
    expect(() => ring.open(stored, { ...HERE, rowId: '1b7e2f4c-6a55-4f0e-9d0e-6a1f2c3d4e5f' })).toThrow(moved);
    expect(() => ring.open(stored, { ...HERE, column: 'no_rekening' })).toThrow(moved);
    expect(() => ring.open(stored, { ...HERE, table: 'users' })).toThrow(moved);
  });

  it('refuses a clear value and an unbound v1 value on the normal path; only the upgrade reads them', () => {
    const ring = new Keyring(Buffer.alloc(32, 1));
    expect(() => ring.open(NIK, HERE)).toThrow(new KeyringError('merchants.nik holds a value that is not sealed ciphertext'));
    expect(ring.openForUpgrade(NIK, HERE)).toBe(NIK);
    const v1 = legacyCiphertext(Buffer.alloc(32, 1).toString('base64'), NIK);
    expect(v1.startsWith(`enc:v1:${ring.currentKeyId}:`)).toBe(true);
    expect(() => ring.open(v1, HERE)).toThrow(KeyringError);
    expect(ring.openForUpgrade(v1, HERE)).toBe(NIK);
    expect(ring.openForUpgrade(ring.seal(NIK, HERE), HERE)).toBe(NIK);
  });

  it('reads values of an older key after rotation, and writes only under the new one', () => {
    const oldKey = randomBytes(32);
    const before = new Keyring(oldKey);
    const stored = before.seal(NIK, HERE);
    const rotated = new Keyring(randomBytes(32), [oldKey]);
    expect(rotated.open(stored, HERE)).toBe(NIK);
    expect(rotated.needsRotation(stored)).toBe(true);
    expect(rotated.needsRotation(rotated.seal(NIK, HERE))).toBe(false);
    // The search looks for the index under both keys; the stored one is the current key's.
    expect(rotated.blindIndexes(NIK)).toEqual([rotated.blindIndex(NIK), before.blindIndex(NIK)]);
  });

  it('refuses a value whose key is not in the ring, and a tampered value', () => {
    const stored = new Keyring(randomBytes(32)).seal(NIK, HERE);
    expect(() => new Keyring(randomBytes(32)).open(stored, HERE)).toThrow(KeyringError);
    const ring = new Keyring(Buffer.alloc(32, 1));
    const value = ring.seal(NIK, HERE);
    // One bit of the ciphertext flipped (decoded, not a base64 character, which may be padding bits only).
    const [prefix, body] = [value.slice(0, value.lastIndexOf(':') + 1), Buffer.from(value.slice(value.lastIndexOf(':') + 1), 'base64url')];
    body[0] = body[0]! ^ 1;
    expect(() => ring.open(prefix + body.toString('base64url'), HERE)).toThrow(KeyringError);
    expect(ring.open(value, HERE)).toBe(NIK);
  });

  it('gives a stable keyed hash that is not the plain SHA-256 and differs per key', () => {
    const ring = new Keyring(Buffer.alloc(32, 1));
    expect(ring.blindIndex(NIK)).toBe(new Keyring(Buffer.alloc(32, 1)).blindIndex(NIK));
    expect(ring.blindIndex(NIK)).not.toBe(new Keyring(Buffer.alloc(32, 2)).blindIndex(NIK));
    expect(ring.blindIndex(NIK)).not.toBe(ring.blindIndex('3174015503900002'));
  });

  it('takes only 32-byte base64 keys', () => {
    expect(parseKey(Buffer.alloc(32, 3).toString('base64'), 'K')).toHaveLength(32);
    expect(() => parseKey('c2hvcnQ=', 'DATA_ENCRYPTION_KEY')).toThrow(/^DATA_ENCRYPTION_KEY must be 32 bytes in base64/);
  });
});
