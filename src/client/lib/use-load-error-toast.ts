import { useEffect } from 'react';
import { isUnauthorized } from './api-errors';
import { toast } from './toast';

type LoadState = { error: unknown; errorUpdatedAt: number };

/**
 * A screen's failed load as a toast: once per failure (the text is the toast's id, so a retry replaces it
 * rather than stacking another). A 401 is the sign-in screen's to tell.
 */
export function useLoadErrorToast({ error, errorUpdatedAt }: LoadState, text: string) {
  useEffect(() => {
    if (error && !isUnauthorized(error)) toast.error(text, { id: text });
  }, [error, errorUpdatedAt, text]);
}
