import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { DocumentSlot } from '../../../domain/document-slots';
import { retryServerErrors } from '../../lib/api-errors';
import { fetchDocument } from './merchant-documents-api';

/**
 * A stored document's bytes, keyed by the merchant's updated_at: a re-upload (here or by another admin,
 * announced live) changes it, so the new file is fetched while an unchanged merchant costs no request.
 * Kept outside merchantKeys.all on purpose: the live updates invalidate that on every merchant's change,
 * and seven documents must not be fetched again because some other merchant moved.
 */
export function useDocumentBlob(merchantId: string, slot: DocumentSlot, version: string, present: boolean) {
  return useQuery({
    queryKey: ['admin', 'documents', merchantId, slot, version] as const,
    queryFn: ({ signal }) => fetchDocument(merchantId, slot, signal),
    enabled: present,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: retryServerErrors,
  });
}

export const PDF_TYPE = 'application/pdf';

/**
 * A ref for an <img> that shows a blob through a blob: URL of its own, released when the
 * element goes or the blob changes. A ref callback rather than state set in an effect: no extra render,
 * and React's double mounting in development creates a fresh URL instead of reusing a revoked one.
 */
export function useBlobSource(blob: Blob | undefined) {
  return useCallback(
    (node: HTMLImageElement | null) => {
      if (!node || !blob) return;
      const url = URL.createObjectURL(blob);
      node.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
}
