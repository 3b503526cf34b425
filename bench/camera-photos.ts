import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { PHOTO_SCALING } from '../src/domain/document-slots.js';
import { blockNoise, jpegNearSize } from './jpeg-near-size.js';

const require = createRequire(import.meta.url);
const MB = 1024 * 1024;
/** Five camera photos of 4000 x 3000, at the sizes of 50 MP phones: 4 to 8 MB. */
const TARGET_MB = [4, 5, 6, 7, 8];

/**
 * A 4000 x 3000 JPEG near `bytes`: smooth noise (blocks of 4 px) compresses like a detailed photo,
 * and the quality is searched for the size. EXIF orientation 6, as a phone held upright writes it.
 */
async function cameraPhoto(bytes: number, seed: number): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  return jpegNearSize(blockNoise(width, height, 4, seed), width, height, bytes, { orientation: 6 });
}

export type ScaledPhotos = {
  originals: Buffer[];
  scaled: Buffer[];
  /** Milliseconds Chromium took to scale each photo (decode, resize, encode, quality steps). */
  browserMs: number[];
};

/**
 * Makes five camera photos and scales each in Chromium with browser-image-compression and the wizard's
 * own options (PHOTO_SCALING), on the main thread as the wizard does: what a phone would upload.
 */
export async function cameraPhotosScaledInBrowser(): Promise<ScaledPhotos> {
  const originals = await Promise.all(TARGET_MB.map((mb, i) => cameraPhoto(mb * MB, 11 + i)));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox'],
  });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html lang="id"><body></body></html>');
    await page.addScriptTag({ path: require.resolve('browser-image-compression/dist/browser-image-compression.js') });
    const scaled: Buffer[] = [];
    const browserMs: number[] = [];
    for (const [i, original] of originals.entries()) {
      const result = await page.evaluate(
        async ({ base64, options, name }) => {
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
          const file = new File([bytes], name, { type: 'image/jpeg' });
          const compress = (globalThis as unknown as { imageCompression: (f: File, o: unknown) => Promise<Blob> }).imageCompression;
          const started = performance.now();
          const blob = await compress(file, options);
          const ms = performance.now() - started;
          const out = new Uint8Array(await blob.arrayBuffer());
          let binary = '';
          for (let j = 0; j < out.length; j += 0x8000) binary += String.fromCharCode(...out.subarray(j, j + 0x8000));
          return { base64: btoa(binary), ms };
        },
        { base64: original.toString('base64'), options: PHOTO_SCALING, name: `camera-${i}.jpg` },
      );
      scaled.push(Buffer.from(result.base64, 'base64'));
      browserMs.push(result.ms);
    }
    return { originals, scaled, browserMs };
  } finally {
    await browser.close();
  }
}

/** Median milliseconds for sharp to do the server's decode, rotate and re-encode of one photo. */
export async function reencodeMedianMs(photo: Buffer, encode: (input: Buffer) => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    await encode(photo);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2]!;
}
