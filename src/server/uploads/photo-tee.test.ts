import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { scenePhoto } from '../../../tests/support/photo-fixtures.js';
import { JPEG_OUTPUT, MAX_INPUT_PIXELS, prepareDocument, reencodeWithSharp } from './document-processing.js';
import { measurePhoto } from './photo-quality.js';
import { loadPhotoTee } from './photo-tee.js';

const OPTIONS = { maxPixels: MAX_INPUT_PIXELS, quality: JPEG_OUTPUT.quality, timeoutSeconds: 20 };

function requireTee() {
  const { tee, state } = loadPhotoTee();
  // npm install builds it on this project's machines; a test run without it would test sharp alone.
  expect(state).toBe('on');
  return tee!;
}

/** What the sharp pipeline stores and measures for the same bytes: the tee must not change either. */
async function throughSharp(photo: Buffer) {
  const { data, info } = await sharp(photo).rotate().raw().toBuffer({ resolveWithObject: true });
  return {
    data: await sharp(photo).rotate().jpeg(JPEG_OUTPUT).toBuffer(),
    measures: measurePhoto({ data, width: info.width, height: info.height, channels: info.channels }),
  };
}

describe('the photo tee (decision 0053)', () => {
  it('stores the bytes sharp would store and measures what photo-quality.ts measures, at any size', async () => {
    const tee = requireTee();
    const sizes = [
      [1600, 1200],
      [2560, 1920],
      [1001, 757],
      [757, 1001],
      [50, 40],
      [3, 3],
      [1, 1],
    ] as const;
    for (const [width, height] of sizes) {
      const photo = await scenePhoto({ scene: 'ktp', width, height, seed: width });
      const teed = await tee.reencodeJpeg(photo, OPTIONS);
      const expected = await throughSharp(photo);
      expect(teed, `${width}x${height}`).not.toBeNull();
      expect(teed!.measures, `${width}x${height}`).toEqual(expected.measures);
      expect(teed!.data.equals(expected.data), `${width}x${height}`).toBe(true);
    }
  });

  it('gives each of several photos at once its own measures', async () => {
    const tee = requireTee();
    const photos = await Promise.all(
      (['ktp', 'selfie', 'usaha', 'produk', 'kk'] as const).map((scene, i) => scenePhoto({ scene, width: 1200, height: 900, seed: i })),
    );
    const teed = await Promise.all(photos.map((photo) => tee.reencodeJpeg(photo, OPTIONS)));
    const expected = await Promise.all(photos.map(throughSharp));
    expect(teed.map((result) => result!.measures)).toEqual(expected.map((result) => result.measures));
  });

  it('drops EXIF, GPS position included, and anything after the image data', async () => {
    const tee = requireTee();
    const photo = await sharp(await scenePhoto({ width: 800, height: 600 }))
      .withExif({ IFD0: { Make: 'Kamera', Model: 'Ponsel' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 12/1 0/1' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const hidden = Buffer.concat([photo, Buffer.from('<?php system($_GET["c"]); ?>')]);
    const teed = await tee.reencodeJpeg(hidden, OPTIONS);
    const stored = await sharp(teed!.data).metadata();
    expect(stored.exif).toBeUndefined();
    expect(teed!.data.includes(Buffer.from('<?php'))).toBe(false);
    expect(teed!.data.includes(Buffer.from('Ponsel'))).toBe(false);
  });

  it('leaves to sharp what sharp would change: a rotation, a colour profile, grey, CMYK, a PNG', async () => {
    const tee = requireTee();
    const base = await scenePhoto({ width: 320, height: 240 });
    const cases = {
      rotated: await sharp(base).withMetadata({ orientation: 6 }).jpeg().toBuffer(),
      profiled: await sharp(base).withIccProfile('p3').jpeg().toBuffer(),
      grey: await sharp(base).toColourspace('b-w').jpeg().toBuffer(),
      cmyk: await sharp(base).toColourspace('cmyk').jpeg().toBuffer(),
      png: await sharp(base).png().toBuffer(),
    };
    for (const [name, photo] of Object.entries(cases)) expect(await tee.reencodeJpeg(photo, OPTIONS), name).toBeNull();
  });

  it('refuses more pixels than allowed before decoding, and a truncated JPEG', async () => {
    const tee = requireTee();
    const photo = await scenePhoto({ width: 400, height: 300 });
    await expect(tee.reencodeJpeg(photo, { ...OPTIONS, maxPixels: 400 * 300 - 1 })).rejects.toThrow(/pixel limit/);
    await expect(tee.reencodeJpeg(photo.subarray(0, photo.length / 2), OPTIONS)).rejects.toThrow();
  });

  it('is not loaded with PHOTO_TEE=off, and says so for the boot log', () => {
    const before = process.env.PHOTO_TEE;
    process.env.PHOTO_TEE = 'off';
    try {
      expect(loadPhotoTee()).toEqual({ tee: null, state: 'off (PHOTO_TEE=off)' });
    } finally {
      if (before === undefined) delete process.env.PHOTO_TEE;
      else process.env.PHOTO_TEE = before;
    }
  });

  it('stops a pipeline that runs past its timeout, as sharp does', async () => {
    const tee = requireTee();
    const photo = await scenePhoto({ width: 1600, height: 1200 });
    await expect(tee.reencodeJpeg(photo, { ...OPTIONS, timeoutSeconds: 0 })).rejects.toThrow(/killed/);
    expect(await tee.reencodeJpeg(photo, OPTIONS)).not.toBeNull();
  });

  it('leaves an upload what the sharp pipeline gave it: the same stored bytes and quality verdict', async () => {
    requireTee();
    for (const photo of [await scenePhoto({ scene: 'selfie', width: 1200, height: 900 }), await scenePhoto({ width: 500, height: 400 })]) {
      const prepared = await prepareDocument('foto_ktp', photo);
      const sharpAlone = await reencodeWithSharp(photo, 'image/jpeg');
      expect(prepared.data.equals(sharpAlone.data)).toBe(true);
      expect(prepared.quality).toEqual(sharpAlone.quality);
    }
  });
});
