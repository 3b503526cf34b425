import { useCallback, useEffect, useRef, useState } from 'react';
import { DOCUMENT_SLOT_INFO, fileTypeMessage, MAX_UPLOAD_BYTES, type DocumentSlot } from '../../../domain/document-slots';
import { MESSAGES } from '../../../domain/messages';
import type { PhotoProblem } from '../../../domain/photo-quality-texts';
import { ApiRequestError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { loadPhotoPreparation, loadUploadApi } from './upload-loaders';
import { online, sendWithRetry } from './upload-retry';
import { fileProblem, fileType, isPdf } from './upload-rules';

const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

export type UploadedDocument = {
  /** What is (or was) sent: after a photo is prepared, its name and size, not the camera's. */
  name: string;
  size: number;
  type: string;
  /** A blob: URL of the chosen file; after a reload, the draft's small thumbnail, or null for a PDF. */
  previewUrl: string | null;
  /** Restored from the draft after a reload: only the thumbnail is left in the browser, not the file. */
  restored: boolean;
  progress: number;
  /** preparing: a photo being scaled; waiting: offline, the upload resumes with the connection. */
  status: 'preparing' | 'uploading' | 'waiting' | 'done';
  uploadId: string | null;
  /** The server's quality warnings for the photo (decision 0035); none for a PDF or a restored draft. */
  masalah: PhotoProblem[];
  /** The applicant chose 'Tetap Gunakan': the warning gives way to a note. */
  kept: boolean;
};

/** A finished upload as a page keeps it across a reload (the wizard's draft in sessionStorage). */
export type DraftUpload = {
  uploadId: string;
  name: string;
  size: number;
  type: string;
  /** A small JPEG data URL of a photo; null for a PDF or when none could be drawn. */
  thumbnail: string | null;
};

export type RestoredUploads = Partial<Record<DocumentSlot, DraftUpload>>;

/** Where a page keeps its finished uploads, if it does (the wizard; the fix page keeps none). */
export type DraftUploadStore = (slot: DocumentSlot, upload: DraftUpload | null) => void;

const keepNothing: DraftUploadStore = () => undefined;

export type DocumentUploads = {
  documents: Partial<Record<DocumentSlot, UploadedDocument>>;
  /** A slot whose restored upload the server no longer holds (purged after 24 h): its message. */
  missing: Partial<Record<DocumentSlot, string>>;
  /** Checks and uploads the file; resolves to its upload id, or null when it was refused. */
  choose: (slot: DocumentSlot, file: File) => Promise<string | null>;
  remove: (slot: DocumentSlot) => void;
  /** Keeps a photo despite its quality warning; the server records the warning from its own measure. */
  keep: (slot: DocumentSlot) => void;
  reset: () => void;
  /** Whether any of these slots is still uploading. */
  uploading: (slots: readonly DocumentSlot[]) => boolean;
  /** The upload limit in MB (settings' max_upload_mb, decision 0022): photos are scaled to fit it. */
  maxMb: number;
};

/**
 * A page's documents (the wizard's, the fix page's), kept above the steps so an upload started on one step
 * finishes while the applicant moves on, and the review step can show the thumbnails. `saveDraftUpload`
 * keeps each finished upload for a reload; without it nothing is kept.
 */
export function useDocumentUploads(
  restored: RestoredUploads = {},
  maxMb = MAX_UPLOAD_MB,
  saveDraftUpload: DraftUploadStore = keepNothing,
): DocumentUploads {
  const [documents, setDocuments] = useState<Partial<Record<DocumentSlot, UploadedDocument>>>(() => restoredDocuments(restored));
  const [missing, setMissing] = useState<Partial<Record<DocumentSlot, string>>>({});
  const controllers = useRef(new Map<DocumentSlot, AbortController>());
  const urls = useRef(new Map<DocumentSlot, string>());
  // Read when a photo is prepared: the settings may arrive after the first render.
  const limit = useRef(maxMb);
  useEffect(() => {
    limit.current = maxMb;
  }, [maxMb]);

  const forget = useCallback((slot: DocumentSlot) => {
    controllers.current.get(slot)?.abort();
    controllers.current.delete(slot);
    const url = urls.current.get(slot);
    if (url) URL.revokeObjectURL(url);
    urls.current.delete(slot);
  }, []);

  const drop = useCallback(
    (slot: DocumentSlot) => {
      saveDraftUpload(slot, null);
      setDocuments((current) => {
        const next = { ...current };
        delete next[slot];
        return next;
      });
    },
    [saveDraftUpload],
  );

  const remove = useCallback(
    (slot: DocumentSlot) => {
      forget(slot);
      drop(slot);
    },
    [forget, drop],
  );

  const choose = useCallback(
    async (slot: DocumentSlot, file: File): Promise<string | null> => {
      const problem = fileProblem(slot, file);
      if (problem) {
        // The refused file is not kept; an earlier good file of the slot stays.
        toast.error(problem);
        return null;
      }
      forget(slot);
      saveDraftUpload(slot, null);
      setMissing(({ [slot]: _gone, ...rest }) => rest);
      const controller = new AbortController();
      const previewUrl = URL.createObjectURL(file);
      controllers.current.set(slot, controller);
      urls.current.set(slot, previewUrl);
      const chosen = {
        name: file.name,
        size: file.size,
        type: fileType(file),
        previewUrl,
        restored: false,
        progress: 0,
        uploadId: null,
        masalah: [],
        kept: false,
      };
      setDocuments((current) => ({ ...current, [slot]: { ...chosen, status: isPdf(file) ? 'uploading' : 'preparing' } }));
      const update = (change: Partial<UploadedDocument>) =>
        setDocuments((current) => {
          const document = current[slot];
          // A later choice or a removal replaced this upload: its late events must not touch the new one.
          if (!document || document.previewUrl !== previewUrl) return current;
          return { ...current, [slot]: { ...document, ...change } };
        });
      try {
        // The preparing code and the API are loaded on demand: offline, they wait for the connection too.
        if (!navigator.onLine) {
          update({ status: 'waiting' });
          await online(controller.signal);
          update({ status: isPdf(file) ? 'uploading' : 'preparing' });
        }
        const sent = isPdf(file)
          ? file
          : await (await loadPhotoPreparation()).preparePhoto(file, controller.signal, limit.current * 1024 * 1024);
        update({ name: sent.name, size: sent.size, type: fileType(sent), status: 'uploading' });
        const { uploadDocument } = await loadUploadApi();
        const result = await sendWithRetry(
          () =>
            uploadDocument({
              slot,
              file: sent,
              onProgress: (progress) => update({ progress, status: 'uploading' }),
              signal: controller.signal,
            }),
          { signal: controller.signal, onWaiting: () => update({ status: 'waiting' }) },
        );
        update({ progress: 100, status: 'done', uploadId: result.upload_id, masalah: result.kualitas?.masalah ?? [] });
        controllers.current.delete(slot);
        if (saveDraftUpload !== keepNothing) void remember(saveDraftUpload, slot, sent, result.upload_id, controller.signal);
        return result.upload_id;
      } catch (error) {
        if (controller.signal.aborted) return null;
        remove(slot);
        // A refusal carries the server's own text (413, 415, 429); anything else is docs/spec.md §8's upload failure.
        const message = await refusalMessage(slot, error, limit.current);
        toast.error(message);
        return null;
      }
    },
    [forget, remove, saveDraftUpload],
  );

  const keep = useCallback((slot: DocumentSlot) => {
    setDocuments((current) => {
      const document = current[slot];
      return document ? { ...current, [slot]: { ...document, kept: true } } : current;
    });
  }, []);

  const reset = useCallback(() => {
    for (const slot of [...urls.current.keys()]) forget(slot);
    setDocuments({});
    setMissing({});
  }, [forget]);

  // A restored upload the server purged (24 h) is shown as missing, with the slot's message, to choose again.
  useEffect(() => {
    const controller = new AbortController();
    for (const [slot, upload] of Object.entries(restored) as [DocumentSlot, DraftUpload | undefined][]) {
      if (!upload) continue;
      void goneMessage(slot, upload.uploadId, controller.signal).then((message) => {
        if (!message || controller.signal.aborted) return;
        setDocuments((current) => {
          if (current[slot]?.uploadId !== upload.uploadId) return current;
          const { [slot]: _gone, ...rest } = current;
          return rest;
        });
        saveDraftUpload(slot, null);
        setMissing((current) => ({ ...current, [slot]: message }));
      });
    }
    return () => controller.abort();
    // Checked once, for what the page was restored with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const active = controllers.current;
    const previews = urls.current;
    return () => {
      for (const controller of active.values()) controller.abort();
      for (const url of previews.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const uploading = (slots: readonly DocumentSlot[]) =>
    slots.some((slot) => {
      const status = documents[slot]?.status;
      return status !== undefined && status !== 'done';
    });
  return { documents, missing, choose, remove, keep, reset, uploading, maxMb };
}

function restoredDocuments(restored: RestoredUploads): Partial<Record<DocumentSlot, UploadedDocument>> {
  return Object.fromEntries(
    Object.entries(restored).map(([slot, upload]) => [
      slot,
      {
        name: upload.name,
        size: upload.size,
        type: upload.type,
        previewUrl: upload.thumbnail,
        restored: true,
        progress: 100,
        status: 'done',
        uploadId: upload.uploadId,
        masalah: [],
        kept: false,
      },
    ]),
  );
}

/** Keeps a finished upload in the draft, with a small thumbnail of a photo drawn from what was sent. */
async function remember(save: DraftUploadStore, slot: DocumentSlot, sent: File, uploadId: string, signal: AbortSignal): Promise<void> {
  const thumbnail = isPdf(sent) ? null : await (await loadPhotoPreparation()).thumbnailOf(sent).catch(() => null);
  if (!signal.aborted) save(slot, { uploadId, name: sent.name, size: sent.size, type: fileType(sent), thumbnail });
}

/** The slot's message when the server no longer holds a restored upload; a failed check says nothing (submit will tell). */
async function goneMessage(slot: DocumentSlot, uploadId: string, signal: AbortSignal): Promise<string | null> {
  try {
    return await (await loadUploadApi()).stagedUploadGone(slot, uploadId, signal);
  } catch {
    return null;
  }
}

async function refusalMessage(slot: DocumentSlot, error: unknown, maxMb: number): Promise<string> {
  // A photo the browser cannot decode or shrink gets the spec's own texts (docs/spec.md §5), or the server's text
  // for a lower limit (loaded only then: the module brings zod).
  if (error instanceof Error && error.name === 'PhotoRefusedError') {
    if ((error as Error & { reason: string }).reason !== 'size') return fileTypeMessage(slot);
    return maxMb < MAX_UPLOAD_MB ? (await import('../../../domain/settings')).uploadTooLargeMessage(maxMb) : MESSAGES.fileTooLarge;
  }
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return error.message;
  return MESSAGES.uploadFailed(DOCUMENT_SLOT_INFO[slot].label);
}
