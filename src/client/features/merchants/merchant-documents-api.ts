import type { DocumentSlot } from '../../../domain/document-slots';
import { MerchantDetailSchema, type MerchantDetail } from '../../../domain/merchants';
import { API_MESSAGES } from '../../../domain/messages';
import { ApiRequestError } from '../../lib/api-client';
import { downloadFile, responseError } from '../../lib/download-file';
import { uploadWithProgress, type SlotUpload } from '../../lib/upload-with-progress';

/** GET answers the bytes inline; POST replaces them (multipart, one part named after the slot). */
export function documentPath(merchantId: string, slot: DocumentSlot): string {
  return `/api/admin/merchants/${encodeURIComponent(merchantId)}/documents/${slot}`;
}

/**
 * A stored document's bytes. `no-store`: the server says so too, and after a re-upload the same URL
 * answers a different file, so no copy of the old one may be reused.
 */
export async function fetchDocument(merchantId: string, slot: DocumentSlot, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(documentPath(merchantId, slot), { credentials: 'same-origin', cache: 'no-store', signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'NETWORK_ERROR', API_MESSAGES.unavailable);
  }
  if (!response.ok) throw await responseError(response);
  return response.blob();
}

export function downloadDocument(merchantId: string, slot: DocumentSlot, fallbackName: string): Promise<string> {
  return downloadFile(`${documentPath(merchantId, slot)}?download=1`, fallbackName);
}

/** Replaces a document, reporting the real upload progress. */
export function uploadMerchantDocument(merchantId: string, upload: SlotUpload): Promise<MerchantDetail> {
  return uploadWithProgress({ ...upload, url: documentPath(merchantId, upload.slot), schema: MerchantDetailSchema });
}
