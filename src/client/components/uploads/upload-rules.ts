import { DOCUMENT_SLOT_INFO, fileTypeMessage, MAX_UPLOAD_BYTES, PHOTO_SCALING, type DocumentSlot } from '../../../domain/document-slots';
import { MESSAGES } from '../../../domain/messages';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];
export const PDF_TYPE = 'application/pdf';
const EXTENSION_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', pdf: PDF_TYPE };

/** Longest side sent to the server (decision 0015): a larger camera photo is scaled to this before upload. */
export const MAX_PHOTO_SIDE = PHOTO_SCALING.maxWidthOrHeight;
/** A larger photo is refused before decoding: mid-range phones run out of memory on bigger ones. */
export const MAX_PHOTO_SOURCE_BYTES = 25 * 1024 * 1024;

export function allowedTypes(slot: DocumentSlot): string[] {
  return DOCUMENT_SLOT_INFO[slot].allowsPdf ? [...IMAGE_TYPES, PDF_TYPE] : IMAGE_TYPES;
}

/** The chooser's `accept`: the dialog offers only what the slot takes (docs/spec.md §5). */
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
 * The browser's pre-check, with the docs/spec.md §5 texts; null when the file may be prepared and sent. The server
 * decides from the bytes anyway: this only spares an upload that would be refused.
 */
export function fileProblem(slot: DocumentSlot, file: File): string | null {
  // docs/spec.md §5 quotes the photo text; NPWP and SIUP/NIB also take PDF and say so, as the server does.
  if (!allowedTypes(slot).includes(fileType(file))) return fileTypeMessage(slot);
  // A photo over 3 MB is scaled in the browser before upload; a PDF is never altered (decision 0015).
  const limit = isPdf(file) ? MAX_UPLOAD_BYTES : MAX_PHOTO_SOURCE_BYTES;
  if (file.size > limit) return MESSAGES.fileTooLarge;
  return null;
}
