import type { DocumentSlot } from './document-slots.js';

// The photo quality vocabulary and its Indonesian texts, apart from the zod schemas (photo-quality.ts):
// the wizard shows these from a lazily loaded chunk and needs no zod for it (decision 0035).

/** What the server may find wrong with an uploaded photo (decision 0035). */
export const PHOTO_PROBLEMS = ['buram', 'gelap', 'terlalu_terang', 'resolusi_rendah'] as const;
export type PhotoProblem = (typeof PHOTO_PROBLEMS)[number];

/** One text per problem, shown under the slot at once: what is wrong, then what to do. */
export const PHOTO_PROBLEM_TEXTS: Record<PhotoProblem, string> = {
  buram: 'Foto tampak buram. Foto ulang dengan kamera yang stabil dan cahaya cukup.',
  gelap: 'Foto terlalu gelap. Foto ulang di tempat yang lebih terang.',
  terlalu_terang: 'Foto terlalu terang. Hindari cahaya langsung atau pantulan lampu.',
  resolusi_rendah: 'Resolusi foto terlalu rendah. Gunakan kamera dengan resolusi lebih tinggi.',
};

/** The first sentence of each text: what the reviewer is told about a photo the applicant kept. */
const PHOTO_PROBLEM_SHORT: Record<PhotoProblem, string> = {
  buram: 'Foto tampak buram.',
  gelap: 'Foto terlalu gelap.',
  terlalu_terang: 'Foto terlalu terang.',
  resolusi_rendah: 'Resolusi foto terlalu rendah.',
};

export const PHOTO_QUALITY_TEXTS = {
  replace: 'Ganti Foto',
  keep: 'Tetap Gunakan',
  kept: 'Foto tetap digunakan. Tim verifikasi akan melihat peringatan ini.',
} as const;

/** The reviewer's line for one slot: 'Pendaftar tetap menggunakan foto ini: Foto tampak buram.' */
export function keptWarningText(problems: readonly PhotoProblem[]): string {
  return `Pendaftar tetap menggunakan foto ini: ${problems.map((problem) => PHOTO_PROBLEM_SHORT[problem]).join(' ')}`;
}

/** Kept warnings per slot, as stored on the merchant (`peringatan_foto`): only slots with problems. */
export type PhotoWarnings = Partial<Record<DocumentSlot, PhotoProblem[]>>;
