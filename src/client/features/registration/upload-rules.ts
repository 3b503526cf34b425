import { DOCUMENT_SLOT_INFO, fileTypeMessage, MAX_UPLOAD_BYTES, type DocumentSlot } from '../../../domain/document-slots';
import { MESSAGES } from '../../../domain/messages';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];
const PDF_TYPE = 'application/pdf';
const EXTENSION_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', pdf: PDF_TYPE };

export function allowedTypes(slot: DocumentSlot): string[] {
  return DOCUMENT_SLOT_INFO[slot].allowsPdf ? [...IMAGE_TYPES, PDF_TYPE] : IMAGE_TYPES;
}

/** The chooser's `accept`: the dialog offers only what the slot takes (SPEC §5). */
export function acceptAttribute(slot: DocumentSlot): string {
  return allowedTypes(slot).join(',');
}

/** Some systems give no MIME type; the extension is the best guess the browser has. */
export function fileType(file: File): string {
  if (file.type) return file.type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? '';
}

export function isPdf(file: File): boolean {
  return fileType(file) === PDF_TYPE;
}

/**
 * The browser's pre-check, with the SPEC §5 texts; null when the file may be sent. The server decides from
 * the bytes anyway: this only spares a 3 MB upload that would be refused.
 */
export function fileProblem(slot: DocumentSlot, file: File): string | null {
  // SPEC §5 quotes the photo text; NPWP and SIUP/NIB also take PDF and say so, as the server does.
  if (!allowedTypes(slot).includes(fileType(file))) return fileTypeMessage(slot);
  if (file.size > MAX_UPLOAD_BYTES) return MESSAGES.fileTooLarge;
  return null;
}
