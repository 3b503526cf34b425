import { Eye, FileText, Trash2 } from 'lucide-react';
import { lazy, Suspense, useCallback, useId, useRef } from 'react';
import { DOCUMENT_SLOT_INFO, type DocumentSlot } from '../../../domain/document-slots';
import { formatMegabytes } from '../../../domain/format';
import { cn } from '../../lib/cn';
import { Button, buttonVariants } from '../ui/button';
import { Label } from '../ui/label';
import { Progress } from '../ui/progress';
import { acceptAttribute, PDF_TYPE } from './upload-rules';
import type { DocumentUploads, UploadedDocument } from './use-document-uploads';

// Loaded only when the server warned about a photo: the wizard's first load has no room for it.
const PhotoQualityNotice = lazy(async () => ({ default: (await import('./photo-quality-notice')).PhotoQualityNotice }));

type UploadFieldProps = {
  slot: DocumentSlot;
  document: UploadedDocument | undefined;
  error?: string;
  onChoose: (file: File) => void;
  onRemove: () => void;
  /** 'Tetap Gunakan' under a quality warning. */
  onKeep: () => void;
  /** The form's ref (react-hook-form focuses the field it refuses). */
  inputRef?: (node: HTMLInputElement | null) => void;
  /** The upload limit of the settings (decision 0022), 3 MB unless lowered. */
  maxMb: number;
};

/** A slot's field wired to a page's uploads; a form adds its ref and its error. */
export function slotUploadProps(uploads: DocumentUploads, slot: DocumentSlot) {
  return {
    slot,
    document: uploads.documents[slot],
    maxMb: uploads.maxMb,
    onChoose: (file: File) => void uploads.choose(slot, file),
    onRemove: () => uploads.remove(slot),
    onKeep: () => uploads.keep(slot),
  };
}

/** docs/spec.md §2's upload field: label, marker, helper text, then name, size, thumbnail, eye, remove and progress. */
export function UploadField({ slot, document, error, onChoose, onRemove, onKeep, inputRef, maxMb }: UploadFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement | null>(null);
  // 'Ganti Foto' opens this input's chooser; the form keeps its own ref to focus a refused field.
  const setInput = useCallback(
    (node: HTMLInputElement | null) => {
      input.current = node;
      inputRef?.(node);
    },
    [inputRef],
  );
  const info = DOCUMENT_SLOT_INFO[slot];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const uploading = document !== undefined && document.status !== 'done';
  return (
    <div className="space-y-2">
      <Label htmlFor={id} required={info.required}>
        {info.label}
      </Label>
      <input
        id={id}
        ref={setInput}
        type="file"
        name={slot}
        accept={acceptAttribute(slot)}
        disabled={uploading}
        aria-describedby={cn(hintId, error && errorId)}
        aria-invalid={Boolean(error)}
        aria-required={info.required}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again after a removal still fires a change.
          event.target.value = '';
          if (file) onChoose(file);
        }}
        className={cn(
          'block w-full rounded-lg text-sm file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700 hover:file:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60',
          // The card below names the chosen file; the native "no file" text would contradict it.
          document ? 'text-transparent' : 'text-slate-600',
        )}
      />
      <p id={hintId} className="text-xs text-slate-500">
        Format: JPG/PNG, Max: {maxMb}MB
        {info.allowsPdf && <span className="block">Dokumen ini juga boleh berupa PDF.</span>}
      </p>
      {document && <ChosenFile label={info.label} document={document} onRemove={onRemove} />}
      {document?.status === 'done' && document.masalah.length > 0 && (
        <Suspense fallback={null}>
          <PhotoQualityNotice
            label={info.label}
            masalah={document.masalah}
            kept={document.kept}
            onReplace={() => input.current?.click()}
            onKeep={onKeep}
          />
        </Suspense>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

const STATUS_TEXT: Record<Exclude<UploadedDocument['status'], 'uploading' | 'done'>, string> = {
  preparing: 'Menyiapkan foto...',
  waiting: 'Menunggu koneksi...',
};

function statusText(document: UploadedDocument): string {
  if (document.status === 'done') return 'Terunggah 100%';
  if (document.status === 'uploading') return `Mengunggah ${document.progress}%`;
  return STATUS_TEXT[document.status];
}

function ChosenFile({ label, document, onRemove }: { label: string; document: UploadedDocument; onRemove: () => void }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid={`upload-${label}`}>
      <div className="flex items-center gap-3">
        <DocumentThumbnail document={document} label={label} className="size-14" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900">{document.name}</p>
          {/* After a photo is prepared, this is the size that is sent, not the camera's. */}
          <p className="text-xs text-slate-500">{formatMegabytes(document.size)}</p>
        </div>
        {/* After a reload only the draft's thumbnail is left: there is no file to open in a tab. */}
        {!document.restored && document.previewUrl && (
          <a
            href={document.previewUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ variant: 'ghost', size: 'icon' })}
            aria-label={`Lihat ${label} di tab baru`}
            title="Lihat di tab baru"
          >
            <Eye aria-hidden />
          </a>
        )}
        <Button variant="ghost" size="icon" onClick={onRemove} aria-label={`Hapus ${label}`} title="Hapus file">
          <Trash2 aria-hidden className="text-red-600" />
        </Button>
      </div>
      <div className="mt-2 flex items-center gap-3">
        <Progress value={document.progress} label={`Progres unggah ${label}`} className="flex-1" />
        <span className="w-36 text-right text-xs text-slate-600" aria-hidden>
          {statusText(document)}
        </span>
        {/* Announces the start and the end, not every percent. */}
        <span className="sr-only" aria-live="polite">
          {document.status === 'done'
            ? `${label} berhasil diunggah`
            : document.status === 'uploading'
              ? `Mengunggah ${label}`
              : statusText(document)}
        </span>
      </div>
    </div>
  );
}

/** A thumbnail of the chosen image; a PDF gets an icon (browsers cannot draw one into an img). */
export function DocumentThumbnail({ document, label, className }: { document: UploadedDocument; label: string; className?: string }) {
  if (document.type === PDF_TYPE || !document.previewUrl) {
    return (
      <div
        className={cn('flex shrink-0 items-center justify-center rounded-md bg-red-50 text-red-700', className)}
        role="img"
        aria-label={document.type === PDF_TYPE ? `${label} (PDF)` : label}
      >
        <FileText aria-hidden className="size-7" />
      </div>
    );
  }
  return <img src={document.previewUrl} alt={`Pratinjau ${label}`} className={cn('shrink-0 rounded-md object-cover', className)} />;
}
