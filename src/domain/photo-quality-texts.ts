import { codesOf, mapRows } from './code-tables.js';
import type { DocumentSlot } from './document-slots.js';

// The photo quality vocabulary and its Indonesian texts, apart from the zod schemas (photo-quality.ts):
// the wizard shows these from a lazily loaded chunk and needs no zod for it (decision 0035).

/**
 * What the server may find wrong with an uploaded photo (decision 0035), in two sentences: what is wrong,
 * then what to do. The applicant reads both; the reviewer is told what is wrong with a photo the applicant kept.
 */
const PROBLEM_SENTENCES = {
  buram: { wrong: 'Foto tampak buram.', todo: 'Foto ulang dengan kamera yang stabil dan cahaya cukup.' },
  gelap: { wrong: 'Foto terlalu gelap.', todo: 'Foto ulang di tempat yang lebih terang.' },
  terlalu_terang: { wrong: 'Foto terlalu terang.', todo: 'Hindari cahaya langsung atau pantulan lampu.' },
  resolusi_rendah: { wrong: 'Resolusi foto terlalu rendah.', todo: 'Gunakan kamera dengan resolusi lebih tinggi.' },
};
export const PHOTO_PROBLEMS = codesOf(PROBLEM_SENTENCES);
export type PhotoProblem = (typeof PHOTO_PROBLEMS)[number];

/** One text per problem, shown under the slot at once. */
export const PHOTO_PROBLEM_TEXTS = mapRows(PROBLEM_SENTENCES, ({ wrong, todo }) => `${wrong} ${todo}`);

export const PHOTO_QUALITY_TEXTS = {
  replace: 'Ganti Foto',
  keep: 'Tetap Gunakan',
  kept: 'Foto tetap digunakan. Tim verifikasi akan melihat peringatan ini.',
} as const;

/** The reviewer's line for one slot: 'Pendaftar tetap menggunakan foto ini: Foto tampak buram.' */
export function keptWarningText(problems: readonly PhotoProblem[]): string {
  return `Pendaftar tetap menggunakan foto ini: ${problems.map((problem) => PROBLEM_SENTENCES[problem].wrong).join(' ')}`;
}

/** Kept warnings per slot, as stored on the merchant (`peringatan_foto`): only slots with problems. */
export type PhotoWarnings = Partial<Record<DocumentSlot, PhotoProblem[]>>;
