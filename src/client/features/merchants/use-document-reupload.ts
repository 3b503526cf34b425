import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DOCUMENT_SLOT_INFO, type DocumentSlot } from '../../../domain/document-slots';
import { MESSAGES } from '../../../domain/messages';
import { ApiRequestError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { auditKeys } from '../audit/public';
import { merchantKeys } from './merchant-api';
import { uploadMerchantDocument } from './merchant-documents-api';
import { reuploadProblem } from './reupload-rules';

/** docs/spec.md §4: the bar goes back to rest half a second after the end. */
const RESET_AFTER_MS = 500;

export type ReuploadState = { progress: number; uploading: boolean };

/**
 * Re-upload of one slot: pre-check, real XHR progress, toasts, then the merchant is refetched so the new
 * file shows (its updated_at changes, and the thumbnail is keyed by it).
 */
export function useDocumentReupload(merchantId: string, slot: DocumentSlot) {
  const queryClient = useQueryClient();
  // null: no bar. The bar stays at 100 (or where a failure left it) for RESET_AFTER_MS after the end.
  const [state, setState] = useState<ReuploadState | null>(null);
  const controller = useRef<AbortController | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      controller.current?.abort();
      clearTimeout(resetTimer.current);
    },
    [],
  );

  const upload = useCallback(
    async (file: File) => {
      const problem = reuploadProblem(file);
      if (problem) {
        toast.error(problem);
        return;
      }
      const label = DOCUMENT_SLOT_INFO[slot].label;
      clearTimeout(resetTimer.current);
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ progress: 0, uploading: true });
      try {
        const detail = await uploadMerchantDocument(merchantId, {
          slot,
          file,
          onProgress: (progress) => setState({ progress, uploading: true }),
          signal: current.signal,
        });
        setState({ progress: 100, uploading: false });
        queryClient.setQueryData(merchantKeys.detail(merchantId), detail);
        void queryClient.invalidateQueries({ queryKey: merchantKeys.all });
        void queryClient.invalidateQueries({ queryKey: auditKeys.all });
        toast.success(MESSAGES.documentReuploaded(label));
      } catch (error) {
        if (current.signal.aborted) return;
        setState((previous) => ({ progress: previous?.progress ?? 0, uploading: false }));
        // A refusal (413, 415, 429) carries the server's own text; anything else is docs/spec.md §8's upload failure.
        const message =
          error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.status !== 401
            ? error.message
            : MESSAGES.documentUploadFailed;
        toast.error(message);
      } finally {
        if (controller.current === current) {
          controller.current = null;
          resetTimer.current = setTimeout(() => setState(null), RESET_AFTER_MS);
        }
      }
    },
    [merchantId, slot, queryClient],
  );

  return { state, upload };
}
