import { z } from 'zod';
import { DOCUMENT_SLOTS } from './document-slots.js';
import { PHOTO_PROBLEMS } from './photo-quality-texts.js';

/** `kualitas` of POST /api/uploads for a photo: `ok` exactly when `masalah` is empty (decision 0035). */
export const PhotoQualitySchema = z.object({
  ok: z.boolean(),
  masalah: z.array(z.enum(PHOTO_PROBLEMS)),
});
export type PhotoQuality = z.infer<typeof PhotoQualitySchema>;

/**
 * `peringatan_foto` of the admin detail: per slot, the problems of the photo the applicant kept despite
 * the warning; only slots with problems. Computed on the server from the uploads used, never sent by a browser.
 */
export const PhotoWarningsSchema = z.partialRecord(z.enum(DOCUMENT_SLOTS), z.array(z.enum(PHOTO_PROBLEMS)));
