import type { FastifyRequest } from 'fastify';
import { isDocumentSlot, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../../domain/document-slots.js';
import { API_MESSAGES, MESSAGES } from '../../domain/messages.js';
import { uploadTooLargeMessage } from '../../domain/settings.js';
import { AppError } from '../http/app-error.js';
import { uploadBufferPool } from './upload-buffers.js';
import type { ReceivedFile } from './upload-service.js';

/**
 * Busboy's limits for POST /api/uploads. Multipart bypasses Fastify's bodyLimit, so these are the only
 * bound on what a client can make the server read: one file of at most 3 MB, next to a few short fields.
 */
export const UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 4,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 5,
  headerPairs: 20,
};

/** Room for the multipart boundaries, part headers and the few short fields beside the file. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Uploads read at once into kept buffers (decision 0054): eight, the applicants the bench sends at once. Each
 * holds at most busboy's hard cap, and stays resident up to the largest file it took (8 x 2.6 MB after
 * 2560 px photos); a ninth upload in flight is read into chunks and joined, as every upload was before.
 */
const UPLOAD_BUFFERS = uploadBufferPool(8, MAX_UPLOAD_BYTES);

/**
 * The one file part of the request, for `use` alone: its bytes may sit in a kept buffer that the next
 * upload overwrites once `use` has settled, so nothing may hold them after (store a copy or the re-encoded
 * image, as every caller does). Its field name must be a document slot. `maxBytes`: the admin's lower
 * limit (settings' max_upload_mb), refused with its own MB in the message; busboy's 3 MB stays the hard cap.
 */
export function withSingleFile<T>(request: FastifyRequest, maxBytes: number, use: (file: ReceivedFile) => Promise<T>): Promise<T> {
  return UPLOAD_BUFFERS.withLease(async (buffer) => use(await readSingleFile(request, maxBytes, buffer)));
}

async function readSingleFile(request: FastifyRequest, maxBytes: number, into: Buffer | null): Promise<ReceivedFile> {
  const tooLarge = () =>
    new AppError(
      413,
      'FILE_TOO_LARGE',
      maxBytes < MAX_UPLOAD_BYTES ? uploadTooLargeMessage(maxBytes / (1024 * 1024)) : MESSAGES.fileTooLarge,
    );
  // A body declared far larger than one file is refused before a byte of it is read; a body that lies
  // about its length, or is chunked, still meets busboy's fileSize limit while streaming.
  if (Number(request.headers['content-length']) > maxBytes + ENVELOPE_BYTES) throw tooLarge();
  let received: ReceivedFile | undefined;
  try {
    // Reading every part to the end is what surfaces a limit or a truncated body as an error.
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (!isDocumentSlot(part.fieldname)) {
        throw new AppError(400, 'UNKNOWN_SLOT', UPLOAD_MESSAGES.unknownSlot);
      }
      received = { slot: part.fieldname, filename: part.filename ?? '', bytes: await readFileBytes(part.file, into) };
    }
  } catch (error) {
    throw toUploadError(error);
  }
  if (!received) throw new AppError(400, 'NO_FILE', UPLOAD_MESSAGES.noFile);
  if (received.bytes.length > maxBytes) throw tooLarge();
  return received;
}

/**
 * The file's bytes, copied chunk by chunk into `into` (so each socket chunk dies young) or, without a kept
 * buffer, joined at the end as part.toBuffer() joins them. busboy stops a file at its fileSize limit and marks
 * it truncated: refused as toBuffer refuses it.
 */
async function readFileBytes(file: AsyncIterable<Buffer> & { truncated?: boolean }, into: Buffer | null): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of file) {
    if (file.truncated || (into && length + chunk.length > into.length)) {
      throw new AppError(413, 'FILE_TOO_LARGE', MESSAGES.fileTooLarge);
    }
    if (into) chunk.copy(into, length);
    else chunks.push(chunk);
    length += chunk.length;
  }
  return into ? into.subarray(0, length) : Buffer.concat(chunks, length);
}

/** @fastify/multipart's errors carry English texts and, for a second file, 413: say what went wrong. */
function toUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 500) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'FILE_TOO_LARGE', MESSAGES.fileTooLarge);
    case 'FST_FILES_LIMIT':
      return new AppError(400, 'TOO_MANY_FILES', UPLOAD_MESSAGES.oneFile);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', API_MESSAGES.payloadTooLarge);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.notMultipart);
    default:
      // Malformed multipart (missing boundary, body cut short, prototype field names): the client's fault.
      return new AppError(400, 'BAD_REQUEST', API_MESSAGES.badRequest);
  }
}
