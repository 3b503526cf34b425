import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { PhotoMeasures } from './photo-quality.js';

/** What native/photo-tee answers: the re-encoded JPEG and its measures, or a word that sharp must do it. */
type TeeAnswer = { fallback: true } | ({ fallback: false; data: Buffer; width: number; height: number } & Omit<PhotoMeasures, 'shortSide'>);

type PhotoTeeAddon = {
  reencodeJpeg(bytes: Buffer, maxPixels: number, quality: number, timeoutSeconds: number): Promise<TeeAnswer>;
};

export type TeeResult = { data: Buffer; measures: PhotoMeasures };

export type PhotoTee = {
  /** The JPEG re-encoded and measured in one pass, or null when sharp's own pipeline must do it. */
  reencodeJpeg(bytes: Buffer, options: { maxPixels: number; quality: number; timeoutSeconds: number }): Promise<TeeResult | null>;
};

// Built by scripts/build-photo-tee.mjs at the package root; the same path from src/ and from a BUILD_DIR.
const ADDON = fileURLToPath(new URL('../../../build/photo-tee.node', import.meta.url));

/**
 * The tee when it was built and not switched off (PHOTO_TEE=off, read here rather than in the config: a
 * switch for the bench's A/B and for an operator who doubts the addon, needed before any app is built).
 * null otherwise: uploads then go through sharp alone, with the same stored bytes and measures.
 */
export function loadPhotoTee(): { tee: PhotoTee | null; state: string } {
  if (process.env.PHOTO_TEE === 'off') return { tee: null, state: 'off (PHOTO_TEE=off)' };
  if (!existsSync(ADDON)) return { tee: null, state: 'not built (npm install builds it; see scripts/build-photo-tee.mjs)' };
  let addon: PhotoTeeAddon;
  try {
    addon = createRequire(import.meta.url)(ADDON) as PhotoTeeAddon;
  } catch (error) {
    // A node_modules moved or reinstalled without it: slower uploads beat a server that does not start.
    return { tee: null, state: `not loaded (${error instanceof Error ? error.message.split('\n')[0] : String(error)})` };
  }
  return {
    state: 'on',
    tee: {
      async reencodeJpeg(bytes, { maxPixels, quality, timeoutSeconds }) {
        const answer = await addon.reencodeJpeg(bytes, maxPixels, quality, timeoutSeconds);
        if (answer.fallback) return null;
        const { data, width, height, sharpness, meanLuma, clippedShare } = answer;
        return { data, measures: { sharpness, meanLuma, clippedShare, shortSide: Math.min(width, height) } };
      },
    },
  };
}
