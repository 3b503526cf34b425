import { DOCUMENT_SLOT_INFO, type DocumentSlot } from '../../../domain/document-slots';
import type { RegistrationRequest, RegistrationResponse, UploadResponse } from '../../../domain/registration';
import type { StatusResult } from '../../../domain/status-lookup';
import { ApiRequestError, apiFetch } from '../../lib/api-client';
import { uploadWithProgress } from '../../lib/upload-with-progress';

// The answers' schemas load with the first answer, not with the wizard (page budgets, decision 0043).
const loadUploadSchema = async () => (await import('../../../domain/registration')).UploadResponseSchema;
const loadRegistrationSchema = async () => (await import('../../../domain/registration')).RegistrationResponseSchema;

/** POST /api/uploads with one file part named after the slot, reporting the real upload progress. */
export function uploadDocument(
  slot: DocumentSlot,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadResponse> {
  return uploadWithProgress({ url: '/api/uploads', field: slot, file, schema: loadUploadSchema, onProgress, ...(signal ? { signal } : {}) });
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

/** POST /api/registrations; the same key answers with the same registration, never a second row. */
export function submitRegistration(body: RegistrationRequest, idempotencyKey: string): Promise<RegistrationResponse> {
  return apiFetch('/api/registrations', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: loadRegistrationSchema,
  });
}

// The lookup belongs to the status feature; a field it adds later must not send this page back to /register.
const loadStatusSchema = async () => (await import('../../../domain/status-lookup')).StatusResultSchema.strip();

/** The success page reads the record through the public status lookup; the token unmasks this browser's own. */
export function lookupRegistration(code: string, receiptToken: string | undefined): Promise<StatusResult> {
  return apiFetch('/api/status/lookup', {
    method: 'POST',
    body: receiptToken ? { kode_pendaftaran: code, receipt_token: receiptToken } : { kode_pendaftaran: code },
    schema: loadStatusSchema,
  });
}
