import { randomUUID } from 'node:crypto';

export type DocumentExtension = 'jpg' | 'png' | 'pdf';

/**
 * A fresh key for a document's bytes: random, never derived from the file name or the merchant, so a key
 * reveals nothing and cannot be guessed. The bytes are served only through authorised routes.
 */
export function newDocumentKey(extension: DocumentExtension): string {
  return `documents/${randomUUID()}.${extension}`;
}
