import type { DocumentSlot } from '../../../domain/document-slots';
import { MerchantDetailSchema, type MerchantDetail } from '../../../domain/merchants';
import { API_MESSAGES } from '../../../domain/messages';
import { answerError, ApiRequestError, reportUnauthorized } from '../../lib/api-client';
import { uploadWithProgress } from '../../lib/upload-with-progress';

/** GET answers the bytes inline; POST replaces them (multipart, one part named after the slot). */
export function documentPath(merchantId: string, slot: DocumentSlot): string {
  return `/api/admin/merchants/${encodeURIComponent(merchantId)}/documents/${slot}`;
}

/** A non-2xx answer as the API's error, with the server's Indonesian message when it sent one. */
async function responseError(response: Response): Promise<ApiRequestError> {
  const error = await answerError(response.status, await response.json().catch(() => null));
  if (response.status === 401) reportUnauthorized(error);
  return error;
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

/** The name of a `Content-Disposition: attachment` answer; the UTF-8 `filename*` wins when present (RFC 6266). */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed encoding falls back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(header) ?? /filename\s*=\s*([^;]+)/i.exec(header);
  return plain?.[1]?.trim() || null;
}

/**
 * Fetches a download and hands it to the browser through an `<a download>` on a blob: URL, so the file
 * arrives under the server's name and a failure can be told apart from a success (a plain link cannot).
 */
export async function downloadFile(url: string, fallbackName: string, body?: unknown): Promise<string> {
  let response: Response;
  try {
    const post = body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
    response = await fetch(url, { credentials: 'same-origin', cache: 'no-store', ...post });
  } catch {
    throw new ApiRequestError(0, 'NETWORK_ERROR', API_MESSAGES.unavailable);
  }
  if (!response.ok) throw await responseError(response);
  const filename = dispositionFilename(response.headers.get('Content-Disposition')) ?? fallbackName;
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is released once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  return filename;
}

export function downloadDocument(merchantId: string, slot: DocumentSlot, fallbackName: string): Promise<string> {
  return downloadFile(`${documentPath(merchantId, slot)}?download=1`, fallbackName);
}


/** Replaces a document, reporting the real upload progress. */
export function uploadMerchantDocument(
  merchantId: string,
  slot: DocumentSlot,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<MerchantDetail> {
  return uploadWithProgress({ url: documentPath(merchantId, slot), field: slot, file, schema: MerchantDetailSchema, onProgress, ...(signal ? { signal } : {}) });
}
