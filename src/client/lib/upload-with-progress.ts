import type { z } from 'zod';
import { ApiErrorSchema } from '../../domain/api-error';
import { API_MESSAGES } from '../../domain/messages';
import { ApiRequestError, reportUnauthorized } from './api-client';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export type UploadOptions<T> = {
  url: string;
  /** The multipart field name: the document slot. */
  field: string;
  file: File;
  schema: z.ZodType<T>;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
};

/**
 * POSTs one file as multipart. XMLHttpRequest, not fetch: only XHR reports upload progress, so a bar can
 * show the real bytes sent. 100 is kept for the server's answer: the bytes may all be sent while it
 * still checks and re-encodes the file. Same origin, so the session cookie travels by itself.
 */
export function uploadWithProgress<T>({ url, field, file, schema, onProgress, signal }: UploadOptions<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || event.total === 0) return;
      onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = schema.safeParse(data);
        if (parsed.success) {
          onProgress(100);
          resolve(parsed.data);
        } else {
          reject(new ApiRequestError(xhr.status, 'BAD_RESPONSE', API_MESSAGES.internal));
        }
        return;
      }
      const error = ApiErrorSchema.safeParse(data);
      const failure = error.success
        ? new ApiRequestError(xhr.status, error.data.error.code, error.data.error.message, error.data.error.field)
        : new ApiRequestError(xhr.status, 'HTTP_ERROR', API_MESSAGES.internal);
      if (xhr.status === 401) reportUnauthorized(failure);
      reject(failure);
    };
    xhr.onerror = () => reject(new ApiRequestError(0, 'NETWORK_ERROR', API_MESSAGES.unavailable));
    xhr.onabort = () => reject(new DOMException('Upload dibatalkan', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append(field, file, file.name);
    xhr.send(body);
  });
}
