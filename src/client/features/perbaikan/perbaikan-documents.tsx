import { useEffect } from 'react';
import type { DocumentSlot } from '../../../domain/document-slots';
import { Card } from '../../components/ui/card';
import { UploadField } from '../../components/uploads/upload-field';
import { useDocumentUploads } from '../../components/uploads/use-document-uploads';
import { usePublicSettings } from '../../lib/use-public-settings';

export type FixDocumentsState = { ids: Partial<Record<DocumentSlot, string>>; uploading: boolean };

type FixDocumentsProps = {
  slots: DocumentSlot[];
  reasons: Map<string, string>;
  errors: Record<string, string>;
  onState: (state: FixDocumentsState) => void;
};

/**
 * The flagged document slots with the wizard's own upload field and uploads. A chunk of its own, loaded
 * only when a slot is flagged: the wizard's upload code is about 20 KB gzip of the page's 120 KB budget.
 */
export function FixDocuments({ slots, reasons, errors, onState }: FixDocumentsProps) {
  const uploads = useDocumentUploads({}, usePublicSettings()?.max_upload_mb);
  const uploading = uploads.uploading(slots);
  const key = slots.map((slot) => `${slot}:${uploads.documents[slot]?.uploadId ?? ''}`).join('|');

  useEffect(() => {
    const ids: Partial<Record<DocumentSlot, string>> = {};
    for (const slot of slots) {
      const id = uploads.documents[slot]?.uploadId;
      if (id) ids[slot] = id;
    }
    onState({ ids, uploading });
    // `key` stands for the upload ids of the slots.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, uploading]);

  return (
    <Card className="space-y-6 p-6">
      <h2 className="text-lg font-semibold">Dokumen yang diupload ulang</h2>
      {slots.map((slot) => (
        <div key={slot} className="space-y-1">
          <p className="text-sm font-medium text-orange-800">Alasan: {reasons.get(slot)}</p>
          <UploadField
            slot={slot}
            document={uploads.documents[slot]}
            error={errors[slot]}
            onChoose={(file) => void uploads.choose(slot, file)}
            onRemove={() => uploads.remove(slot)}
            onKeep={() => uploads.keep(slot)}
            maxMb={uploads.maxMb}
          />
        </div>
      ))}
    </Card>
  );
}
