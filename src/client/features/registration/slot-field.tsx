import { useEffect } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import type { DocumentSlot } from '../../../domain/document-slots';
import { slotUploadProps, UploadField } from '../../components/uploads/upload-field';
import type { DocumentUploads } from '../../components/uploads/use-document-uploads';
import { inlineMessage } from './wizard-steps';

/**
 * An upload field inside a step form. The upload itself lives in the wizard's uploads; the form holds
 * the slot's upload_id, copied from there, so the step schema checks it like any other field.
 */
export function SlotField({ slot, uploads }: { slot: DocumentSlot; uploads: DocumentUploads }) {
  const { control, setValue, formState } = useFormContext();
  const { field, fieldState } = useController({ name: slot, control });
  const uploadId = uploads.documents[slot]?.uploadId ?? null;
  const submitted = formState.isSubmitted;

  useEffect(() => {
    // After a refused Next the inline error clears as soon as the upload lands.
    setValue(slot, uploadId, { shouldValidate: submitted });
  }, [slot, uploadId, setValue, submitted]);

  return (
    <UploadField
      {...slotUploadProps(uploads, slot)}
      error={uploads.missing[slot] ?? inlineMessage(fieldState.error?.message, 'file')}
      inputRef={field.ref}
    />
  );
}
