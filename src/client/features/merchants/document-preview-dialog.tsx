import type { ReactNode } from 'react';
import type { DocumentSlot } from '../../../domain/document-slots';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { documentPath } from './merchant-documents-api';
import { PDF_TYPE, useBlobSource } from './use-document-blob';

type DocumentPreviewDialogProps = {
  merchantId: string;
  slot: DocumentSlot;
  label: string;
  blob: Blob | undefined;
  /** The View button; as the dialog's trigger it gets the focus back when the dialog closes. */
  trigger: ReactNode;
};

/** View: the image itself, or the PDF in a frame. */
export function DocumentPreviewDialog({ merchantId, slot, label, blob, trigger }: DocumentPreviewDialogProps) {
  return (
    <Dialog>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={`Pratinjau ${label}`} wide>
        {blob?.type === PDF_TYPE ? (
          <PdfFrame label={label} src={documentPath(merchantId, slot)} />
        ) : (
          <PreviewImage label={label} blob={blob} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PreviewImage({ label, blob }: { label: string; blob: Blob | undefined }) {
  const source = useBlobSource<HTMLImageElement>(blob);
  return <img ref={source} alt={`Dokumen ${label}`} className="mx-auto max-h-[70vh] w-auto rounded-lg object-contain" />;
}

/**
 * No `sandbox` attribute, on purpose: Chromium draws no PDF inside a sandboxed frame (any sandbox, whatever
 * its tokens, shows an error page instead), so a sandboxed frame would preview nothing. What makes the
 * unsandboxed frame safe is its source: the admin document endpoint of this origin, which answers only
 * bytes the server checked to be a PDF, as `application/pdf` with `nosniff` (never rendered as HTML) and the
 * site's CSP; the browser's PDF viewer runs in its own extension process without access to this page.
 * Never a blob: URL here: that would run as this origin with no headers of its own.
 */
function PdfFrame({ label, src }: { label: string; src: string }) {
  return <iframe src={src} title={`Dokumen ${label} (PDF)`} referrerPolicy="no-referrer" className="h-[70vh] w-full rounded-lg border border-slate-200" />;
}
