import { useEffect, useRef, useState } from 'react';

export const PDF_PREVIEW_TEXT = {
  loading: 'Memuat PDF...',
  failed: 'PDF tidak dapat ditampilkan. Unduh dokumen untuk membukanya.',
  truncated: (shown: number, pages: number) => `Menampilkan ${shown} dari ${pages} halaman. Unduh dokumen untuk melihat semuanya.`,
} as const;

type State = { kind: 'loading' } | { kind: 'ready'; pages: number; shown: number } | { kind: 'failed' };

/** A PDF drawn by pdf.js (loaded with the first PDF preview, in the admin area only) onto canvases. */
export function PdfPreview({ label, blob }: { label: string; blob: Blob }) {
  const pagesRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    const target = pagesRef.current;
    if (!target) return;
    import('./pdf-render')
      .then(({ renderPdf }) => renderPdf(blob, target, label, () => cancelled))
      .then((rendered) => {
        destroy = rendered.destroy;
        if (cancelled) rendered.destroy();
        else setState({ kind: 'ready', pages: rendered.pages, shown: rendered.shown });
      })
      .catch(() => {
        if (!cancelled) setState({ kind: 'failed' });
      });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [blob, label]);

  return (
    <div className="max-h-[70vh] overflow-auto rounded-lg bg-slate-100 p-4" data-testid="pdf-preview">
      {state.kind === 'loading' && <p className="text-sm text-slate-600">{PDF_PREVIEW_TEXT.loading}</p>}
      {state.kind === 'failed' && (
        <p role="alert" className="text-sm text-red-700">
          {PDF_PREVIEW_TEXT.failed}
        </p>
      )}
      <div ref={pagesRef} />
      {state.kind === 'ready' && state.shown < state.pages && <p className="text-sm text-slate-600">{PDF_PREVIEW_TEXT.truncated(state.shown, state.pages)}</p>}
    </div>
  );
}
