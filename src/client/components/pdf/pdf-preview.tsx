import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useEffect, useState } from 'react';
import { PDF_PREVIEW_MESSAGES } from '../../../domain/pdf-preview-messages';
import { Button } from '../ui/button';

/** Pages drawn at first, and added per click: a long SIUP/NIB does not draw hundreds of canvases at once. */
const PAGE_BATCH = 10;

/** The wide dialog's content width, for a canvas not laid out yet. */
const FALLBACK_WIDTH = 720;

type Loaded = { blob: Blob } & ({ doc: PDFDocumentProxy } | { error: string });

/** pdf.js's error names; its classes live in the lazily loaded module, so they are not imported here. */
function loadErrorText(error: unknown, viewerLoaded: boolean): string {
  if (!viewerLoaded) return PDF_PREVIEW_MESSAGES.viewerFailed;
  return (error as Error | undefined)?.name === 'PasswordException' ? PDF_PREVIEW_MESSAGES.locked : PDF_PREVIEW_MESSAGES.unreadable;
}

/**
 * The PDF's document as pdf.js reads it, for the blob on screen. State holds the blob it belongs to, so a
 * new file (a re-upload announced live) reads as loading without a state reset inside the effect.
 */
function usePdfDocument(blob: Blob): Loaded | undefined {
  const [loaded, setLoaded] = useState<Loaded>();
  useEffect(() => {
    let closed = false;
    let destroy: (() => Promise<void>) | undefined;
    let viewerLoaded = false;
    const load = async () => {
      const [{ openPdf }, buffer] = await Promise.all([import('./pdf-document'), blob.arrayBuffer()]);
      viewerLoaded = true;
      if (closed) return;
      const task = openPdf(new Uint8Array(buffer));
      destroy = () => task.destroy();
      const doc = await task.promise;
      if (!closed) setLoaded({ blob, doc });
    };
    load().catch((error: unknown) => {
      if (!closed) setLoaded({ blob, error: loadErrorText(error, viewerLoaded) });
    });
    // Closing the dialog ends the document and its worker.
    return () => {
      closed = true;
      void destroy?.();
    };
  }, [blob]);
  return loaded?.blob === blob ? loaded : undefined;
}

/** A PDF drawn by pdf.js, page by page, to canvases: never the browser's own viewer, never a frame. */
export function PdfPreview({ label, blob }: { label: string; blob: Blob }) {
  const loaded = usePdfDocument(blob);
  const [shown, setShown] = useState(PAGE_BATCH);
  if (!loaded) {
    return (
      <p role="status" className="py-10 text-center text-sm text-slate-600">
        {PDF_PREVIEW_MESSAGES.loading}
      </p>
    );
  }
  if ('error' in loaded) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-700">
        {loaded.error}
      </p>
    );
  }
  const total = loaded.doc.numPages;
  const count = Math.min(shown, total);
  return (
    <div className="flex flex-col gap-4">
      {Array.from({ length: count }, (_, index) => (
        <PdfPage key={index} doc={loaded.doc} pageNumber={index + 1} label={PDF_PREVIEW_MESSAGES.pageLabel(label, index + 1, total)} />
      ))}
      {count < total && (
        <Button variant="secondary" className="self-center" onClick={() => setShown(count + PAGE_BATCH)}>
          {PDF_PREVIEW_MESSAGES.morePages(count, total)}
        </Button>
      )}
    </div>
  );
}

function PdfPage({ doc, pageNumber, label }: { doc: PDFDocumentProxy; pageNumber: number; label: string }) {
  const [failed, setFailed] = useState(false);
  // A ref callback with cleanup: the render starts once the canvas has its laid-out width, and a page
  // scrolled away by a closing dialog cancels its render.
  const draw = useCallback(
    (canvas: HTMLCanvasElement | null) => {
      if (!canvas) return;
      let cancelled = false;
      let cancel: (() => void) | undefined;
      const render = async () => {
        const [page, { renderPage }] = await Promise.all([doc.getPage(pageNumber), import('./pdf-document')]);
        if (cancelled) return;
        const task = renderPage(page, canvas, canvas.clientWidth || FALLBACK_WIDTH);
        cancel = () => task.cancel();
        await task.promise;
      };
      render().catch(() => {
        if (!cancelled) setFailed(true);
      });
      return () => {
        cancelled = true;
        cancel?.();
      };
    },
    [doc, pageNumber],
  );
  if (failed) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-700">
        {PDF_PREVIEW_MESSAGES.pageUnreadable(pageNumber)}
      </p>
    );
  }
  return <canvas ref={draw} role="img" aria-label={label} className="h-auto w-full rounded-lg border border-slate-200 bg-white" />;
}
