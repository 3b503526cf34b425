import { DOCUMENT_SLOT_INFO, type DocumentSlot } from '../../../domain/document-slots';
import type { UploadResponse } from '../../../domain/registration';
import { apiFetch, ApiRequestError } from '../../lib/api-client';
import { uploadWithProgress, type SlotUpload } from '../../lib/upload-with-progress';

// The answers' schema loads with the first answer, not with the page (page budgets, decision 0043).
const loadUploadSchema = async () => (await import('../../../domain/registration')).UploadResponseSchema;

/** POST /api/uploads, reporting the real upload progress. */
export function uploadDocument(upload: SlotUpload): Promise<UploadResponse> {
  return uploadWithProgress({ ...upload, url: '/api/uploads', schema: loadUploadSchema });
}

/**
 * A restored draft's upload: null while the server still holds it, else the slot's message to choose it
 * again (purged after 24 h, or claimed).
 */
export async function stagedUploadGone(slot: DocumentSlot, uploadId: string, signal: AbortSignal): Promise<string | null> {
  try {
    await apiFetch(`/api/uploads/${encodeURIComponent(uploadId)}`, { schema: loadUploadSchema, signal });
    return null;
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
    const { SUBMISSION_MESSAGES } = await import('../../../domain/registration');
    return SUBMISSION_MESSAGES.uploadNotFound(DOCUMENT_SLOT_INFO[slot].label);
  }
}
