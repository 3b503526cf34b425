import { API_MESSAGES } from '../../domain/messages';
import { answerError, ApiRequestError, reportUnauthorized } from './api-client';

/** A non-2xx answer as the API's error, with the server's Indonesian message when it sent one. */
export async function responseError(response: Response): Promise<ApiRequestError> {
  const error = await answerError(response.status, await response.json().catch(() => null));
  if (response.status === 401) reportUnauthorized(error);
  return error;
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
