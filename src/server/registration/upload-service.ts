import type { DocumentSlot } from '../../domain/document-slots.js';
import { API_MESSAGES } from '../../domain/messages.js';
import type { UploadResponse } from '../../domain/registration.js';
import type { AppDeps } from '../app-deps.js';
import { newDocumentKey } from '../storage/storage-keys.js';
import { prepareDocument } from './document-processing.js';
import { AppError } from '../http/app-error.js';
import { cleanFileName } from '../shared/file-names.js';
import { deleteUpload, insertUpload, stagedBytes } from './upload-repository.js';

export type UploadDeps = Pick<AppDeps, 'db' | 'storage' | 'now'> & { config: Pick<AppDeps['config'], 'STAGED_UPLOADS_MAX_MB'> };

export type ReceivedFile = { slot: DocumentSlot; filename: string; bytes: Buffer };

/** Checks, cleans and stores one document; it stays staged (unclaimed) until a registration claims it. */
export async function stageUpload(deps: UploadDeps, file: ReceivedFile): Promise<UploadResponse> {
  const document = await prepareDocument(file.slot, file.bytes);
  // Approximate under concurrency (uploads in flight pass the check together), exact enough for a disk guard.
  if ((await stagedBytes(deps.db)) + document.data.length > deps.config.STAGED_UPLOADS_MAX_MB * 1024 * 1024) {
    throw new AppError(503, 'STAGING_FULL', API_MESSAGES.stagingFull);
  }
  const storageKey = newDocumentKey(document.extension);
  // Row first, then the file: a crash between the two leaves a staged row the purge removes after 24 hours
  // (deleting a missing key is not an error). The reverse order left files no row points at, never purged.
  // The client learns the upload id only after both, so nothing can claim a row whose file is not there yet.
  const row = await insertUpload(deps.db, {
    slot: file.slot,
    storageKey,
    contentType: document.contentType,
    size: document.data.length,
    sha256: document.sha256,
    originalName: cleanFileName(file.filename),
    createdAt: deps.now(),
  });
  try {
    await deps.storage.put(storageKey, document.data, document.contentType);
  } catch (error) {
    // The file was not stored: its row must not stay behind either.
    await deleteUpload(deps.db, row.id).catch(() => {});
    throw error;
  }
  return { upload_id: row.id, slot: file.slot, size: row.size, content_type: document.contentType };
}
