import type { DocumentSlot } from '../../domain/document-slots';
import { API_MESSAGES } from '../../domain/messages';
import { answerError, ApiRequestError, parseAnswer, reportUnauthorized, type SchemaSource } from './api-client';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** One file for a document slot, sent as the multipart part named after the slot. */
export type SlotUpload = {
  slot: DocumentSlot;
  file: File;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
};

type UploadOptions<T> = SlotUpload & { url: string; schema: SchemaSource<T> };

/**
 * POSTs one file as multipart. XMLHttpRequest, not fetch: only XHR reports upload progress, so a bar can
 * show the real bytes sent. 100 is kept for the server's answer: the bytes may all be sent while it
 * still checks and re-encodes the file. Same origin, so the session cookie travels by itself.
 */
export function uploadWithProgress<T>({ url, slot, file, schema, onProgress, signal }: UploadOptions<T>): Promise<T> {
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
        parseAnswer(xhr.status, data, schema).then((answer) => {
          onProgress(100);
          resolve(answer);
        }, reject);
        return;
      }
      void answerError(xhr.status, data).then((failure) => {
        if (xhr.status === 401) reportUnauthorized(failure);
        reject(failure);
      }, reject);
    };
    xhr.onerror = () => reject(new ApiRequestError(0, 'NETWORK_ERROR', API_MESSAGES.unavailable));
    xhr.onabort = () => reject(new DOMException('Upload dibatalkan', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append(slot, file, file.name);
    xhr.send(body);
  });
}
