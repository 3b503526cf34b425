import { describe, expect, it } from 'vitest';
import { judgePhoto, measurePhoto, PHOTO_QUALITY_LIMITS, type PhotoMeasures, type RawPixels } from './photo-quality.js';

/** A raw image whose every channel at (x, y) is `value(x, y)`. */
function image(width: number, height: number, channels: number, value: (x: number, y: number) => number): RawPixels {
  const data = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) data.fill(value(x, y), (y * width + x) * channels, (y * width + x + 1) * channels);
  }
  return { data, width, height, channels };
}

/** Black and white squares of 8 px: edges everywhere, mean grey. */
const checkerboard = (x: number, y: number) => ((Math.floor(x / 8) + Math.floor(y / 8)) % 2 ? 220 : 40);

const GOOD: PhotoMeasures = { sharpness: 500, meanLuma: 140, clippedShare: 0.01, shortSide: 1200 };

describe('measurePhoto', () => {
  it('reads sharp edges as sharp and a flat image as zero sharpness', () => {
    expect(measurePhoto(image(800, 600, 3, checkerboard)).sharpness).toBeGreaterThan(PHOTO_QUALITY_LIMITS.minSharpness * 10);
    expect(measurePhoto(image(800, 600, 3, () => 128)).sharpness).toBe(0);
  });

  it('finds the sharp part: a photo half flat and half detailed is as sharp as its detailed half', () => {
    const half = measurePhoto(image(800, 600, 3, (x, y) => (x < 400 ? 128 : checkerboard(x, y))));
    const whole = measurePhoto(image(800, 600, 3, checkerboard));
    expect(half.sharpness).toBeGreaterThan(whole.sharpness * 0.5);
  });

  it('measures the mean luma and the burnt-out share, on grey, grey with alpha, RGB and RGBA pixels', () => {
    for (const channels of [1, 2, 3, 4]) {
      const measures = measurePhoto(image(640, 640, channels, (x) => (x < 320 ? 255 : 100)));
      expect(measures.meanLuma).toBeCloseTo(177.5, 0);
      expect(measures.clippedShare).toBeCloseTo(0.5, 1);
      expect(measures.shortSide).toBe(640);
    }
  });

  it('weights the channels as luma: pure blue is dark, pure green is not', () => {
    const colour = (rgb: [number, number, number]) => {
      const data = new Uint8Array(100 * 100 * 3);
      for (let i = 0; i < data.length; i += 3) data.set(rgb, i);
      return measurePhoto({ data, width: 100, height: 100, channels: 3 }).meanLuma;
    };
    expect(colour([0, 0, 255])).toBeLessThan(30);
    expect(colour([0, 255, 0])).toBeGreaterThan(140);
  });

  it('copes with images smaller than a tile', () => {
    const tiny = measurePhoto(image(40, 30, 3, checkerboard));
    expect(tiny.shortSide).toBe(30);
    expect(tiny.sharpness).toBeGreaterThan(0);
    expect(measurePhoto(image(2, 2, 3, () => 0)).sharpness).toBe(0);
  });
});

describe('judgePhoto', () => {
  it('is ok with no problems when every measure is within its limit', () => {
    expect(judgePhoto(GOOD)).toEqual({ ok: true, masalah: [] });
  });

  it.each([
    [{ sharpness: PHOTO_QUALITY_LIMITS.minSharpness - 1 }, ['buram']],
    [{ meanLuma: PHOTO_QUALITY_LIMITS.darkMeanLuma - 1 }, ['gelap']],
    [{ meanLuma: PHOTO_QUALITY_LIMITS.brightMeanLuma + 1 }, ['terlalu_terang']],
    [{ clippedShare: PHOTO_QUALITY_LIMITS.maxClippedShare + 0.01 }, ['terlalu_terang']],
    [{ shortSide: PHOTO_QUALITY_LIMITS.minShortSide - 1 }, ['resolusi_rendah']],
    [{ sharpness: 0, meanLuma: 20, shortSide: 48 }, ['buram', 'gelap', 'resolusi_rendah']],
  ] as const)('%o gives %o', (change, masalah) => {
    expect(judgePhoto({ ...GOOD, ...change })).toEqual({ ok: false, masalah });
  });

  it('takes a limit exactly at its value as good (the shorter side of 600 px is enough)', () => {
    expect(
      judgePhoto({ ...GOOD, shortSide: 600, sharpness: PHOTO_QUALITY_LIMITS.minSharpness, meanLuma: PHOTO_QUALITY_LIMITS.darkMeanLuma }).ok,
    ).toBe(true);
  });
});
