import { DOCUMENT_SLOT_INFO, DOCUMENT_SLOTS, type DocumentSlot } from '../../domain/document-slots.js';
import { SUBMISSION_MESSAGES } from '../../domain/registration.js';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../http/app-error.js';
import { findUploads } from './upload-repository.js';

/**
 * Before a registration is written, the storage must vouch for every staged document it names: a storage
 * that is down throws StorageUnavailableError (503, nothing written), and a row whose bytes are gone is
 * refused like a missing upload, so no merchant ever points at a missing file. Ids that match no row are
 * left to the registration service, which words those errors.
 */
export async function assertStagedDocumentsStored(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  documents: Partial<Record<DocumentSlot, string | null | undefined>>,
): Promise<void> {
  const ids = DOCUMENT_SLOTS.flatMap((slot) => (documents[slot] ? [documents[slot]] : []));
  const uploads = await findUploads(deps.db, ids);
  const present = await Promise.all(uploads.map(async (upload) => ({ upload, stored: await deps.storage.exists(upload.storageKey) })));
  const lost = present.find((entry) => !entry.stored);
  if (lost) {
    const slot = lost.upload.slot as DocumentSlot;
    throw new AppError(400, 'UPLOAD_NOT_FOUND', SUBMISSION_MESSAGES.uploadNotFound(DOCUMENT_SLOT_INFO[slot].label), `documents.${slot}`);
  }
}
