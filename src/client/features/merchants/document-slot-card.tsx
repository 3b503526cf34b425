import { Download, Eye, FileText, ImageOff, LoaderCircle, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { DOCUMENT_SLOT_INFO, type DocumentSlot } from '../../../domain/document-slots';
import { MESSAGES } from '../../../domain/messages';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Progress } from '../../components/ui/progress';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../lib/toast';
import { DocumentPreviewDialog } from './document-preview-dialog';
import { downloadDocument } from './merchant-documents-api';
import { REUPLOAD_ACCEPT } from './reupload-rules';
import { PDF_TYPE, useBlobSource, useDocumentBlob } from './use-document-blob';
import { useDocumentReupload, type ReuploadState } from './use-document-reupload';

export type DocumentOwner = { id: string; kode_pendaftaran: string; updated_at: string };

type DocumentSlotCardProps = { merchant: DocumentOwner; slot: DocumentSlot; present: boolean };

/** One slot of the Dokumen tab: preview, View, Download and (re-)upload. */
export function DocumentSlotCard({ merchant, slot, present }: DocumentSlotCardProps) {
  const info = DOCUMENT_SLOT_INFO[slot];
  const blob = useDocumentBlob(merchant.id, slot, merchant.updated_at, present);
  const { state, upload } = useDocumentReupload(merchant.id, slot);
  const [downloading, setDownloading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const uploading = state?.uploading ?? false;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadDocument(merchant.id, slot, `${merchant.kode_pendaftaran}-${info.slug}`);
      toast.success(MESSAGES.downloadStarted);
    } catch {
      toast.error(MESSAGES.downloadFailed);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card className="flex flex-col gap-3 p-4" data-slot={slot} role="group" aria-label={`Dokumen ${info.label}`}>
      <h3 className="font-medium">
        {info.label}
        {!info.required && <span className="ml-1 text-xs font-normal text-slate-500">(opsional)</span>}
      </h3>
      <div className="flex h-40 items-center justify-center overflow-hidden rounded-lg bg-slate-50">
        {!present ? (
          <p className="text-sm text-slate-500">{MESSAGES.documentMissing}</p>
        ) : blob.data ? (
          <Thumbnail label={info.label} blob={blob.data} />
        ) : blob.isError ? (
          <p className="inline-flex items-center gap-1 text-sm text-red-600">
            <ImageOff aria-hidden className="size-4" /> Pratinjau tidak dapat dimuat
          </p>
        ) : (
          <Skeleton className="size-full" />
        )}
      </div>
      {state && <UploadProgress label={info.label} state={state} />}
      <div className="flex flex-wrap gap-2">
        {present && (
          <>
            <DocumentPreviewDialog
              label={info.label}
              blob={blob.data}
              trigger={
                <Button variant="secondary" size="sm" disabled={!blob.data} aria-label={`Lihat ${info.label}`}>
                  <Eye aria-hidden /> Lihat
                </Button>
              }
            />
            <Button variant="secondary" size="sm" onClick={() => void download()} disabled={downloading} aria-label={`Unduh ${info.label}`}>
              {downloading ? <LoaderCircle aria-hidden className="animate-spin" /> : <Download aria-hidden />} Unduh
            </Button>
          </>
        )}
        <Button
          variant={present ? 'ghost' : 'primary'}
          size="sm"
          onClick={() => input.current?.click()}
          disabled={uploading}
          aria-label={`${present ? 'Unggah ulang' : 'Unggah'} ${info.label}`}
        >
          <Upload aria-hidden /> {present ? 'Unggah Ulang' : 'Unggah'}
        </Button>
        {/* The button above is the keyboard's way in; the input only opens the system chooser. */}
        <input
          ref={input}
          type="file"
          name={slot}
          accept={REUPLOAD_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label={`Pilih file ${info.label}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so that choosing the same file again still fires a change.
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </div>
    </Card>
  );
}

function Thumbnail({ label, blob }: { label: string; blob: Blob }) {
  const source = useBlobSource(blob);
  if (blob.type === PDF_TYPE) {
    return (
      <div className="flex flex-col items-center gap-1 text-red-700" role="img" aria-label={`${label} (PDF)`}>
        <FileText aria-hidden className="size-10" />
        <span className="text-xs font-semibold">PDF</span>
      </div>
    );
  }
  return <img ref={source} alt={`Pratinjau ${label}`} className="size-full object-contain" />;
}

function UploadProgress({ label, state }: { label: string; state: ReuploadState }) {
  return (
    <div className="flex items-center gap-3">
      <Progress value={state.progress} label={`Progres unggah ${label}`} className="flex-1" />
      <span className="w-12 text-right text-xs tabular-nums text-slate-600" aria-hidden>
        {state.progress}%
      </span>
      {/* Announces the start only; the toast announces the end. */}
      <span className="sr-only" aria-live="polite">
        {state.uploading ? `Mengunggah ${label}` : ''}
      </span>
    </div>
  );
}
