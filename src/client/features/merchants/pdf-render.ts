import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// The worker is a file of this origin (the CSP allows workers from 'self' only).
GlobalWorkerOptions.workerSrc = workerUrl;

/** Long scans are rare; past this the admin downloads the file. */
export const MAX_PREVIEW_PAGES = 10;

export type RenderedPdf = { pages: number; shown: number; destroy(): void };

/**
 * Draws the PDF's pages to canvases in `target`. pdf.js only paints: no PDF JavaScript runs (no scripting
 * sandbox is loaded), eval is off (CVE-2024-4367 class), XFA forms are ignored, and the browser's own PDF
 * viewer is never given the bytes at this origin.
 */
export async function renderPdf(blob: Blob, target: HTMLElement, label: string, cancelled: () => boolean): Promise<RenderedPdf> {
  const task = getDocument({ data: new Uint8Array(await blob.arrayBuffer()), isEvalSupported: false, enableXfa: false });
  const destroy = () => {
    void task.destroy();
    target.replaceChildren();
  };
  const pdf = await task.promise;
  const shown = Math.min(pdf.numPages, MAX_PREVIEW_PAGES);
  for (let number = 1; number <= shown && !cancelled(); number += 1) {
    const page = await pdf.getPage(number);
    const viewport = page.getViewport({ scale: 1.5 });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', `Dokumen ${label} (PDF), halaman ${number} dari ${pdf.numPages}`);
    canvas.className = 'mx-auto mb-4 h-auto max-w-full rounded border border-slate-200 bg-white';
    target.append(canvas);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    await page.render({ canvasContext: context, viewport }).promise;
  }
  return { pages: pdf.numPages, shown, destroy };
}
