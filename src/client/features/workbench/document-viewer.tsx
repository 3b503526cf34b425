import { ChevronLeft, ChevronRight, ImageOff, Minus, Plus, RotateCw } from 'lucide-react';
import { lazy, Suspense, type CSSProperties } from 'react';
import { DOCUMENT_SLOT_INFO, DOCUMENT_SLOTS, type DocumentSlot } from '../../../domain/document-slots';
import { MESSAGES } from '../../../domain/messages';
import type { PhotoWarnings } from '../../../domain/photo-quality-texts';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { KeptPhotoWarning, PDF_TYPE, useBlobSource, useDocumentBlob } from '../merchants/public';

// pdf.js only when a PDF is on screen (decision 0014).
const PdfPreview = lazy(async () => ({ default: (await import('../../components/pdf/pdf-preview')).PdfPreview }));

export type ViewerState = { index: number; zoom: number; rotation: number };
export const ZOOM_STEPS = [1, 1.5, 2, 3] as const;

type DocumentViewerProps = {
  merchant: { id: string; updated_at: string; documents: Record<DocumentSlot, boolean>; peringatan_foto?: PhotoWarnings };
  state: ViewerState;
  onChange: (change: Partial<ViewerState>) => void;
  /** Slots whose checklist is complete (readable and matching): marked in the document list. */
  checked: ReadonlySet<DocumentSlot>;
};

/** The review's left side: the seven documents, one large at a time, with zoom, rotation and next/previous. */
export function DocumentViewer({ merchant, state, onChange, checked }: DocumentViewerProps) {
  const slot = DOCUMENT_SLOTS[state.index] ?? 'foto_ktp';
  const info = DOCUMENT_SLOT_INFO[slot];
  const present = merchant.documents[slot];
  const zoomAt = ZOOM_STEPS.indexOf(state.zoom as (typeof ZOOM_STEPS)[number]);
  const open = (index: number) => onChange({ index, zoom: 1, rotation: 0 });
  return (
    <section aria-labelledby="dokumen-aktif" className="space-y-3">
      <ol className="flex flex-wrap gap-1" aria-label="Daftar dokumen">
        {DOCUMENT_SLOTS.map((each, index) => (
          <li key={each}>
            <Button
              variant={index === state.index ? 'primary' : 'outline'}
              size="sm"
              aria-pressed={index === state.index}
              aria-keyshortcuts={String(index + 1)}
              onClick={() => open(index)}
            >
              <span aria-hidden className="font-mono text-xs opacity-80">
                {index + 1}
              </span>
              {DOCUMENT_SLOT_INFO[each].label}
              {checked.has(each) && <span className="sr-only"> (diperiksa)</span>}
              {checked.has(each) && <span aria-hidden>✓</span>}
            </Button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* Announced when a number key or a button opens another document. */}
        <h2 id="dokumen-aktif" className="text-lg font-semibold" aria-live="polite">
          Dokumen {state.index + 1} dari {DOCUMENT_SLOTS.length}: {info.label}
        </h2>
        <div className="flex flex-wrap gap-1">
          <Button variant="outline" size="sm" onClick={() => open(state.index - 1)} disabled={state.index === 0}>
            <ChevronLeft aria-hidden /> Dokumen sebelumnya
          </Button>
          <Button variant="outline" size="sm" onClick={() => open(state.index + 1)} disabled={state.index === DOCUMENT_SLOTS.length - 1}>
            Dokumen berikutnya <ChevronRight aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => onChange({ zoom: ZOOM_STEPS[zoomAt + 1] ?? state.zoom })}
            disabled={!present || zoomAt === ZOOM_STEPS.length - 1}
          >
            <Plus aria-hidden /> Perbesar
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => onChange({ zoom: ZOOM_STEPS[zoomAt - 1] ?? state.zoom })}
            disabled={!present || zoomAt <= 0}
          >
            <Minus aria-hidden /> Perkecil
          </Button>
          <Button variant="outline" size="sm" onClick={() => onChange({ rotation: (state.rotation + 90) % 360 })} disabled={!present}>
            <RotateCw aria-hidden /> Putar
          </Button>
        </div>
      </div>
      <KeptPhotoWarning problems={merchant.peringatan_foto?.[slot]} />
      <p className="sr-only" aria-live="polite">
        Perbesaran {Math.round(state.zoom * 100)}%, diputar {state.rotation} derajat
      </p>
      {/* Children centre with m-auto, not justify-center: a zoomed document overflows to the right and down,
          where it can be scrolled to, instead of past the left edge, where it cannot. */}
      <div
        className="flex h-[60vh] min-h-80 overflow-auto rounded-xl border border-slate-200 bg-slate-100"
        tabIndex={0}
        role="region"
        aria-label={`Tampilan ${info.label}`}
      >
        {present ? (
          <LargeDocument key={slot} merchant={merchant} slot={slot} zoom={state.zoom} rotation={state.rotation} />
        ) : (
          <p className="m-auto text-sm text-slate-600">
            {info.label}: {MESSAGES.documentMissing}
          </p>
        )}
      </div>
    </section>
  );
}

type LargeDocumentProps = { merchant: DocumentViewerProps['merchant']; slot: DocumentSlot; zoom: number; rotation: number };

function LargeDocument({ merchant, slot, zoom, rotation }: LargeDocumentProps) {
  const label = DOCUMENT_SLOT_INFO[slot].label;
  const blob = useDocumentBlob(merchant.id, slot, merchant.updated_at, true);
  if (blob.isError) {
    return (
      <p className="m-auto inline-flex items-center gap-1 text-sm text-red-700">
        <ImageOff aria-hidden className="size-4" /> Dokumen tidak dapat dimuat
      </p>
    );
  }
  if (!blob.data) return <Skeleton className="size-full" />;
  // Zoom is the laid-out width (so the scroll area grows with it); rotation is a transform.
  const zoomed: CSSProperties = zoom === 1 ? {} : { width: `${zoom * 100}%`, maxWidth: 'none', maxHeight: 'none' };
  const style: CSSProperties = { ...zoomed, transform: `rotate(${rotation}deg)` };
  if (blob.data.type === PDF_TYPE) {
    return (
      <div className="m-auto w-full p-2" style={style}>
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <PdfPreview label={label} blob={blob.data} />
        </Suspense>
      </div>
    );
  }
  return (
    <BlobImage
      blob={blob.data}
      alt={`Dokumen ${label}`}
      className="m-auto max-h-full max-w-full object-contain transition-transform"
      style={style}
    />
  );
}

type BlobImageProps = { blob: Blob; alt: string; className: string; style?: CSSProperties };

/** An image of a fetched document. */
export function BlobImage({ blob, alt, className, style }: BlobImageProps) {
  const source = useBlobSource(blob);
  return <img ref={source} alt={alt} className={className} style={style} />;
}
