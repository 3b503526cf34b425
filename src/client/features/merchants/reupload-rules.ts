import { MAX_UPLOAD_BYTES } from '../../../domain/document-slots';
import { MESSAGES } from '../../../domain/messages';

/** docs/spec.md §5: the admin re-upload takes photos only, also for NPWP and SIUP/NIB. */
export const REUPLOAD_ACCEPT = 'image/jpeg,image/png';
const TYPES = ['image/jpeg', 'image/png'];
const EXTENSIONS = /\.(jpe?g|png)$/i;

/**
 * The browser's pre-check with docs/spec.md §5's texts; null when the file may be sent. The server decides from the
 * bytes anyway; this spares sending 3 MB that would be refused. Some systems give no MIME type, so the
 * extension stands in for it then.
 */
export function reuploadProblem(file: File): string | null {
  const typeOk = file.type ? TYPES.includes(file.type) : EXTENSIONS.test(file.name);
  if (!typeOk) return MESSAGES.fileTypeAdmin;
  if (file.size > MAX_UPLOAD_BYTES) return MESSAGES.fileTooLarge;
  return null;
}
