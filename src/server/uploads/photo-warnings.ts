import type { DocumentSlot } from '../../domain/document-slots.js';
import type { PhotoWarnings } from '../../domain/photo-quality-texts.js';
import type { UploadRow } from '../db/schema.js';

type UsedUpload = { slot: DocumentSlot; uploadId: string };

/**
 * The warnings of the photos a registration (or a fix) actually uses, from the quality the server measured
 * at upload (decision 0035): a photo with problems that is submitted is a photo the applicant kept. Never
 * taken from the browser. Only slots with problems appear.
 */
export function warningsOfUploads(
  used: readonly UsedUpload[],
  uploadsById: ReadonlyMap<string, Pick<UploadRow, 'kualitas'>>,
): PhotoWarnings {
  const warnings: PhotoWarnings = {};
  for (const { slot, uploadId } of used) {
    const masalah = uploadsById.get(uploadId)?.kualitas?.masalah ?? [];
    if (masalah.length > 0) warnings[slot] = [...masalah];
  }
  return warnings;
}

/** A merchant's warnings after `slots` got new files: theirs come from `fresh` (or go), the others stay. */
export function replaceSlotWarnings(current: PhotoWarnings, slots: readonly DocumentSlot[], fresh: PhotoWarnings = {}): PhotoWarnings {
  const next: PhotoWarnings = { ...current };
  for (const slot of slots) {
    const masalah = fresh[slot];
    if (masalah && masalah.length > 0) next[slot] = masalah;
    else delete next[slot];
  }
  return next;
}
