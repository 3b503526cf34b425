import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import sharp from 'sharp';
import { DOCUMENT_SLOT_INFO, fileTypeMessage, UPLOAD_MESSAGES, type DocumentSlot } from '../../domain/document-slots.js';
import type { PhotoQuality } from '../../domain/photo-quality.js';
import type { UploadResponse } from '../../domain/registration.js';
import { AppError } from '../http/app-error.js';
import type { DocumentExtension } from '../storage/storage-keys.js';
import { assessPhoto, judgePhoto } from './photo-quality.js';
import { loadPhotoTee } from './photo-tee.js';
import { pixelBudget } from './pixel-budget.js';

type DocumentContentType = UploadResponse['content_type'];

export type PreparedDocument = {
  data: Buffer;
  contentType: DocumentContentType;
  extension: DocumentExtension;
  sha256: string;
  /** The photo's quality (decision 0035); null for a PDF, which is kept as sent and never decoded. */
  quality: PhotoQuality | null;
};

/**
 * Decoding is where a small file can cost a lot: a 3 MB PNG may declare billions of pixels. 50 megapixels
 * covers the photos of current phone cameras (48-50 MP sensors) and bounds the decode to about 150 MB.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
const ENCODE_TIMEOUT_SECONDS = 20;

/**
 * Quality 90 keeps a KTP's small print legible. Huffman tables are not optimised: that extra pass costs
 * 33-62 % of the re-encode (34 -> 18 ms for the bench's 1 MB photo, two at once on two cores) to make the
 * file 8-20 % smaller. Upload CPU is what caps registrations per second; disk is the cheaper resource.
 */
export const JPEG_OUTPUT = { quality: 90, optimiseCoding: false } as const;

const EXTENSIONS: Record<DocumentContentType, DocumentExtension> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/** The type the bytes say, never the name or the declared type; null when the slot does not take it. */
export async function detectDocumentType(slot: DocumentSlot, bytes: Buffer): Promise<DocumentContentType | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime === 'image/jpeg' || detected?.mime === 'image/png') return detected.mime;
  if (detected?.mime === 'application/pdf' && DOCUMENT_SLOT_INFO[slot].allowsPdf) return 'application/pdf';
  return null;
}

/**
 * Checks a file for its slot and returns the bytes to store. Images are decoded and encoded again: the
 * orientation is applied, and EXIF (GPS position, camera, time) and anything hidden after the image data
 * are gone. PDFs cannot be rebuilt safely here; they are kept as sent and only ever served as downloads.
 */
export async function prepareDocument(slot: DocumentSlot, bytes: Buffer): Promise<PreparedDocument> {
  const contentType = await detectDocumentType(slot, bytes);
  if (!contentType) throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', fileTypeMessage(slot), slot);
  const { data, quality } =
    contentType === 'application/pdf' ? { data: bytes, quality: null } : await reencodeImage(slot, bytes, contentType);
  return {
    data,
    contentType,
    extension: EXTENSIONS[contentType],
    sha256: createHash('sha256').update(data).digest('hex'),
    quality,
  };
}

type ReencodedImage = { data: Buffer; quality: PhotoQuality };

/**
 * Decoded pixels in flight at once: two 1600 x 1200 photos (1.9 megapixels each) or one photo at the 2560 px
 * the wizard scales to (4.9), never two of those, nor three small ones. Two 2560 px photos at once took the
 * PostgreSQL server to 296 MB peak RSS, one at a time to 228 (target 256), at a price: 2.7 -> 1.9
 * registrations/s and 637 -> 748 ms of CPU each with such photos (decision 0048). A photo larger than the
 * whole budget is decoded alone (MAX_INPUT_PIXELS bounds it).
 */
const DECODE_PIXEL_BUDGET = 5_000_000;
const decodeBudget = pixelBudget(DECODE_PIXEL_BUDGET);

// libvips' operation cache keeps recent results for reuse (up to 50 MB by default); every upload is a new
// image, so it only ever held memory (peak RSS, docs/performance.md). The checks' sharp calls share the setting.
sharp.cache(false);

/**
 * The photo's pixels as its header declares them, read from the bytes in JavaScript (about 10 µs). sharp's
 * metadata() read the same header a second time on the thread pool before the decode read it again, for
 * 1-2 ms of CPU a photo (issue 33: no sniff the decode already tells). Unreadable headers weigh the whole
 * budget: decoded alone, then refused by the decode.
 */
function declaredPixels(bytes: Buffer): number {
  try {
    const { width, height } = imageSize(bytes);
    return width > 0 && height > 0 ? width * height : DECODE_PIXEL_BUDGET;
  } catch {
    return DECODE_PIXEL_BUDGET;
  }
}

const photoTee = loadPhotoTee();
/** For the boot log: whether JPEG uploads go through the native tee (decision 0053). */
export const PHOTO_TEE_STATE = photoTee.state;

/**
 * A JPEG that sharp would pass through unchanged in colour and orientation goes through the native tee:
 * the decoder's strips are measured on their way to the encoder, and the whole image is never held
 * (decision 0053). So a teed photo weighs half its pixels, and at least half the budget: two at once
 * whatever their size, as many as the cores, where a 2560 px photo went alone. Everything else, and every
 * JPEG when the tee was not built, is decoded whole at its full weight.
 */
async function reencodeImage(slot: DocumentSlot, bytes: Buffer, contentType: 'image/jpeg' | 'image/png'): Promise<ReencodedImage> {
  const pixels = declaredPixels(bytes);
  const fail = (error: unknown) => {
    throw imageError(slot, error);
  };
  const tee = contentType === 'image/jpeg' ? photoTee.tee : null;
  if (tee) {
    const options = { maxPixels: MAX_INPUT_PIXELS, quality: JPEG_OUTPUT.quality, timeoutSeconds: ENCODE_TIMEOUT_SECONDS };
    const teed = await decodeBudget(Math.max(pixels, DECODE_PIXEL_BUDGET) / 2, () => tee.reencodeJpeg(bytes, options)).catch(fail);
    if (teed) return { data: teed.data, quality: judgePhoto(teed.measures) };
  }
  return decodeBudget(pixels, () => reencodeWithSharp(bytes, contentType)).catch(fail);
}

function imageError(slot: DocumentSlot, error: unknown): AppError {
  const tooLarge = error instanceof Error && /pixel limit/i.test(error.message);
  return new AppError(
    422,
    tooLarge ? 'IMAGE_TOO_LARGE' : 'UNREADABLE_FILE',
    tooLarge ? UPLOAD_MESSAGES.tooManyPixels : UPLOAD_MESSAGES.unreadable,
    slot,
  );
}

/**
 * One decode feeds both the quality measures and the encoder: the pixels come out raw, are measured
 * (a few milliseconds, samples only), and are encoded from memory. Decoding a second, smaller copy for
 * the measures cost 13-23 ms of CPU a photo, the raw hand-over about 4 (bench/photo-quality.ts).
 */
export async function reencodeWithSharp(bytes: Buffer, contentType: 'image/jpeg' | 'image/png'): Promise<ReencodedImage> {
  // failOn 'error' refuses truncated and corrupt data but tolerates the harmless warnings phone cameras cause.
  const decode = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .timeout({ seconds: ENCODE_TIMEOUT_SECONDS });
  const { data: pixels, info } = await decode.raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels as 1 | 2 | 3 | 4 };
  const quality = assessPhoto({ data: pixels, ...raw });
  const image = sharp(pixels, { raw }).timeout({ seconds: ENCODE_TIMEOUT_SECONDS });
  const data = contentType === 'image/jpeg' ? await image.jpeg(JPEG_OUTPUT).toBuffer() : await image.png().toBuffer();
  return { data, quality };
}
