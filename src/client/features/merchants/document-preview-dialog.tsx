import type { ReactNode } from 'react';
import { PdfPreview } from '../../components/pdf/pdf-preview';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { PDF_TYPE, useBlobSource } from './use-document-blob';

type DocumentPreviewDialogProps = {
  label: string;
  blob: Blob | undefined;
  /** The View button; as the dialog's trigger it gets the focus back when the dialog closes. */
  trigger: ReactNode;
};

/**
 * View: the image itself, or the PDF drawn by pdf.js to canvases (decision 0014). The dialog's content
 * mounts only while it is open, so pdf.js is loaded when a PDF preview opens and not before.
 */
export function DocumentPreviewDialog({ label, blob, trigger }: DocumentPreviewDialogProps) {
  return (
    <Dialog>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={`Pratinjau ${label}`} wide>
        {blob?.type === PDF_TYPE ? <PdfPreview label={label} blob={blob} /> : <PreviewImage label={label} blob={blob} />}
      </DialogContent>
    </Dialog>
  );
}

function PreviewImage({ label, blob }: { label: string; blob: Blob | undefined }) {
  const source = useBlobSource(blob);
  return <img ref={source} alt={`Dokumen ${label}`} className="mx-auto max-h-[70vh] w-auto rounded-lg object-contain" />;
}
