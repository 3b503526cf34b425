import { getDocument, GlobalWorkerOptions, type PDFDocumentLoadingTask, type PDFPageProxy, type RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/*
 * pdf.js, reached only through a dynamic import from the PDF preview (decision 0014): no public page and
 * no image preview pays for it. The worker is a file of this origin, so the CSP's script-src 'self' covers it.
 */
GlobalWorkerOptions.workerSrc = workerUrl;

/** Draws at most this many device pixels per page: a page with an absurd MediaBox cannot exhaust memory. */
const MAX_CANVAS_PIXELS = 16 * 1024 * 1024;

/**
 * Opens a PDF from bytes already fetched (no second request, no URL for pdf.js to follow). Fonts and
 * colour spaces are never compiled into functions (CVE-2024-4367 ran through that path); XFA and the
 * scripting sandbox are never loaded, and nothing here builds an annotation or text layer: the page is
 * pixels on a canvas, with no links, forms or scripts of the document reaching the admin page.
 */
export function openPdf(bytes: Uint8Array): PDFDocumentLoadingTask {
  return getDocument({ data: bytes, isEvalSupported: false, enableXfa: false });
}

/** Renders a page to fill `cssWidth` CSS pixels, sharp on high-density screens. */
export function renderPage(page: PDFPageProxy, canvas: HTMLCanvasElement, cssWidth: number): RenderTask {
  const natural = page.getViewport({ scale: 1 });
  const wanted = (cssWidth / natural.width) * (window.devicePixelRatio || 1);
  const cap = Math.sqrt(MAX_CANVAS_PIXELS / (natural.width * natural.height));
  const viewport = page.getViewport({ scale: Math.min(wanted, cap) });
  canvas.width = Math.max(1, Math.floor(viewport.width));
  canvas.height = Math.max(1, Math.floor(viewport.height));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas context');
  return page.render({ canvasContext: context, viewport });
}
