import { closeSync, openSync, readSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter } from 'age-encryption';

// Every age file starts with this line (age-encryption.org/v1 format).
const AGE_HEADER = Buffer.from('age-encryption.org/v1\n');

export class ArchiveKeyError extends Error {}

/** The compressed archive, encrypted for one age recipient (`age1…`) as it streams to the file. */
export async function encryptForRecipient(input: Readable, recipient: string): Promise<Readable> {
  if (!/^age1[0-9a-z]{58}$/.test(recipient.trim()))
    throw new ArchiveKeyError('--recipient must be an age public key (age1…, from age-keygen)');
  const encrypter = new Encrypter();
  encrypter.addRecipient(recipient.trim());
  const encrypted = await encrypter.encrypt(Readable.toWeb(input) as unknown as ReadableStream<Uint8Array>);
  return Readable.fromWeb(encrypted as unknown as WebReadableStream<Uint8Array>);
}

/** The archive's bytes decrypted with an age identity (`AGE-SECRET-KEY-1…`, the text of the key file). */
export async function decryptWithIdentity(input: Readable, identityFileText: string): Promise<Readable> {
  const identities = identityFileText
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('AGE-SECRET-KEY-1'));
  if (identities.length === 0) throw new ArchiveKeyError('the identity file holds no age secret key (AGE-SECRET-KEY-1…)');
  const decrypter = new Decrypter();
  for (const identity of identities) decrypter.addIdentity(identity);
  const decrypted = await decrypter.decrypt(Readable.toWeb(input) as unknown as ReadableStream<Uint8Array>);
  return Readable.fromWeb(decrypted as unknown as WebReadableStream<Uint8Array>);
}

export function isAgeEncrypted(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(AGE_HEADER.length);
    const read = readSync(fd, head, 0, head.length, 0);
    return read === head.length && head.equals(AGE_HEADER);
  } finally {
    closeSync(fd);
  }
}
