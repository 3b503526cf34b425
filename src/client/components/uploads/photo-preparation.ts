import imageCompression from 'browser-image-compression';
import { MAX_UPLOAD_BYTES, PHOTO_SCALING } from '../../../domain/document-slots';
import { MAX_PHOTO_SIDE } from './upload-rules';

/** The photo cannot be sent: 'size' when it is over 3 MB and cannot be shrunk to fit, 'type' when the scaling fails. */
export class PhotoRefusedError extends Error {
  override name = 'PhotoRefusedError';
  constructor(readonly reason: 'type' | 'size') {
    super(reason);
  }
}

/** The longest side, or null when the browser cannot decode the file. */
async function longestSide(file: File): Promise<number | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const side = Math.max(bitmap.width, bitmap.height);
    bitmap.close();
    return side;
  } catch {
    return null;
  }
}

/**
 * Returns what will be uploaded: the file itself when it already fits, else a JPEG with the longest side at
 * most 2560 px, upright (EXIF orientation applied by the canvas) and without EXIF, its quality lowered from
 * 0.85 until it is within 3 MB. JPEG even for a PNG source: a PNG's size does not fall with quality.
 * This module is loaded only when a photo is chosen (first-load budget).
 */
export async function preparePhoto(file: File, signal?: AbortSignal, maxBytes: number = MAX_UPLOAD_BYTES): Promise<File> {
  const side = await longestSide(file);
  if (file.size <= maxBytes) {
    // Within 3 MB and undecodable here: the server reads the bytes and gives its own answer (415).
    if (side === null || side <= MAX_PHOTO_SIDE) return file;
  } else if (side === null) {
    // Over 3 MB and not a picture this browser can shrink: docs/spec.md §5's size text stands.
    throw new PhotoRefusedError('size');
  }
  // A lower limit from the settings (decision 0022) scales to that limit, with the same margin.
  const target = maxBytes < MAX_UPLOAD_BYTES ? { maxSizeMB: (maxBytes * 0.95) / (1024 * 1024) } : {};
  const scaled = await imageCompression(file, { ...PHOTO_SCALING, ...target, ...(signal ? { signal } : {}) }).catch((error: unknown) => {
    if (signal?.aborted) throw error;
    throw new PhotoRefusedError('type');
  });
  if (scaled.size > maxBytes) throw new PhotoRefusedError('size');
  const name = file.name.replace(/\.(png|jpe?g)$/i, '') + '.jpg';
  return new File([scaled], name, { type: 'image/jpeg', lastModified: file.lastModified });
}

const THUMBNAIL_SIDE = 96;

/**
 * A small JPEG data URL of a photo for the draft (decision 0021): a few KB, so seven of them fit easily in
 * sessionStorage and a restored upload still shows what was chosen.
 */
export async function thumbnailOf(file: File): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, THUMBNAIL_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', 0.7);
  } finally {
    bitmap.close();
  }
}
