import { createCipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A value as the keyring wrote it before values were bound to their place (`enc:v1:`, AES-256-GCM with
 * no additional data), for tests of the start-up upgrade. The key derivation is the keyring's own.
 */
export function legacyCiphertext(masterKeyBase64: string, plaintext: string): string {
  const master = Buffer.from(masterKeyBase64, 'base64');
  const key = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'aipos/field-encryption/v1', 32));
  const id = createHash('sha256').update(key).digest('hex').slice(0, 8);
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `enc:v1:${id}:${nonce.toString('base64url')}:${body.toString('base64url')}`;
}
