import { DOCUMENT_SLOT_INFO, type DocumentSlot } from '../../domain/document-slots.js';
import { API_MESSAGES } from '../../domain/messages.js';
import { SUBMISSION_MESSAGES, type UploadResponse } from '../../domain/registration.js';
import type { AppDeps } from '../app-deps.js';
import type { UploadRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { cleanFileName } from '../shared/file-names.js';
import { newDocumentKey } from '../storage/storage-keys.js';
import { prepareDocument } from './document-processing.js';
import { STAGED_UPLOAD_TTL_MS } from './upload-purge.js';
import { deleteUpload, findUploads, insertUpload, stagedBytes } from './upload-repository.js';

export type UploadDeps = Pick<AppDeps, 'db' | 'storage' | 'now'> & {
  config: Pick<AppDeps['config'], 'STAGED_UPLOADS_MAX_MB' | 'STAGED_UPLOADS_PER_IP_MB'>;
};

export type ReceivedFile = { slot: DocumentSlot; filename: string; bytes: Buffer };

const MB = 1024 * 1024;

/** Checks, cleans and stores one document; it stays staged (unclaimed) until a registration claims it. */
export async function stageUpload(deps: UploadDeps, file: ReceivedFile, clientIp: string | null = null): Promise<UploadResponse> {
  const document = await prepareDocument(file.slot, file.bytes);
  // Approximate under concurrency (uploads in flight pass the check together), exact enough for a disk guard.
  const staged = await stagedBytes(deps.db, clientIp);
  if (staged.total + document.data.length > deps.config.STAGED_UPLOADS_MAX_MB * MB) {
    throw new AppError(503, 'STAGING_FULL', API_MESSAGES.stagingFull);
  }
  // One address's share: a flood from it fills its own share, and everyone else can still upload.
  if (clientIp && staged.client + document.data.length > deps.config.STAGED_UPLOADS_PER_IP_MB * MB) {
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
    clientIp,
    kualitas: document.quality,
    createdAt: deps.now(),
  });
  try {
    await deps.storage.put(storageKey, document.data, document.contentType);
  } catch (error) {
    // The file was not stored: its row must not stay behind either.
    await deleteUpload(deps.db, row.id).catch(() => {});
    throw error;
  }
  return toUploadResponse(row);
}

/** The answer for a staged row: `kualitas` for a photo (decision 0035), none for a PDF. */
function toUploadResponse(row: UploadRow): UploadResponse {
  const answer: UploadResponse = {
    upload_id: row.id,
    slot: row.slot as DocumentSlot,
    size: row.size,
    content_type: row.contentType as UploadResponse['content_type'],
  };
  return row.kualitas ? { ...answer, kualitas: row.kualitas } : answer;
}

/**
 * A staged upload a registration can still claim, for a draft restored in the browser (decision 0021). The
 * random id is the applicant's only handle on it, so the answer carries no more than the upload did:
 * slot, size, type and a photo's quality. Claimed, purged and expired uploads all answer 404 alike, revealing nothing.
 */
export async function findStagedUpload(deps: Pick<UploadDeps, 'db' | 'now'>, id: string): Promise<UploadResponse> {
  const [row] = await findUploads(deps.db, [id]);
  const expired = row && deps.now().getTime() - row.createdAt.getTime() >= STAGED_UPLOAD_TTL_MS;
  if (!row || row.claimedBy || expired) throw new AppError(404, 'UPLOAD_NOT_FOUND', SUBMISSION_MESSAGES.stagedUploadGone);
  return toUploadResponse(row);
}

/** A document a submission names: the slot and the staged upload meant for it. */
export type RequestedDocument = { slot: DocumentSlot; uploadId: string };

/** Every upload must exist, be staged for the slot it is given under, and not belong to a registration yet. */
export function checkUploads(documents: RequestedDocument[], uploadsById: Map<string, UploadRow>): Partial<Record<DocumentSlot, string>> {
  const keys: Partial<Record<DocumentSlot, string>> = {};
  for (const { slot, uploadId } of documents) {
    const upload = uploadsById.get(uploadId);
    const label = DOCUMENT_SLOT_INFO[slot].label;
    const field = `documents.${slot}`;
    if (!upload) throw new AppError(400, 'UPLOAD_NOT_FOUND', SUBMISSION_MESSAGES.uploadNotFound(label), field);
    if (upload.slot !== slot) throw new AppError(400, 'UPLOAD_WRONG_SLOT', SUBMISSION_MESSAGES.uploadWrongSlot(label), field);
    if (upload.claimedBy) throw new AppError(409, 'UPLOAD_ALREADY_USED', SUBMISSION_MESSAGES.uploadUsed(label), field);
    keys[slot] = upload.storageKey;
  }
  return keys;
}
