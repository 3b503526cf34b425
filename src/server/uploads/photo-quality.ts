import type { PhotoProblem } from '../../domain/photo-quality-texts.js';
import type { PhotoQuality } from '../../domain/photo-quality.js';

/**
 * The photo quality measures of an upload (decision 0035), on the pixels the upload pipeline decoded
 * anyway: no second decode. Pure and synchronous; a few milliseconds for a 2560 x 1920 photo, because
 * only samples of it are read.
 */

/** Decoded pixels as sharp's `raw()` gives them: 8 bits per channel, 1 to 4 channels, rows packed. */
export type RawPixels = { data: Uint8Array; width: number; height: number; channels: number };

export type PhotoMeasures = {
  /** Mean squared Laplacian of the luma over tiles at full resolution (the sharper half of them). */
  sharpness: number;
  /** Mean luma 0-255 over a grid of samples. */
  meanLuma: number;
  /** Share of samples at luma 250 or more: burnt-out highlights. */
  clippedShare: number;
  /** The shorter side in pixels, as uploaded (the browser already scaled it, at most 2560 px). */
  shortSide: number;
};

/**
 * Calibrated with bench/photo-quality.ts on drawn camera-like photos of five scenes at 800-2560 px
 * (docs/performance.md): sharp ones measured 167 and more, the same photos blurred with sigma 2 at most 57.
 */
export const PHOTO_QUALITY_LIMITS = {
  minSharpness: 100,
  darkMeanLuma: 70,
  // White paper (a KK) photographed well averages about 220: too bright is a burnt-out share, or all but white.
  brightMeanLuma: 240,
  maxClippedShare: 0.3,
  minShortSide: 600,
} as const;

/** Tiles read for the sharpness: a grid of TILE_GRID x TILE_GRID squares of TILE px, at full resolution. */
const TILE = 64;
const TILE_GRID = 6;
/** About this many samples for the exposure figures, spread evenly over the whole photo. */
const EXPOSURE_SAMPLES = 65_536;

/*
 * The hot loops below work on luma x 256 (77 R + 150 G + 29 B, an integer) and divide once at the end: the
 * same figures as luma in [0, 255], without a fractional number per pixel. Fractional intermediates were
 * boxed on the heap: about 4 MB of garbage per photo, 70 % of what an upload allocated, which made the
 * collector run every 100 ms under load (docs/performance.md, "CPU per registration").
 */

/** The luma x 256 of every pixel of one row span, into `out`. */
function lumaRow(image: RawPixels, y: number, x0: number, count: number, out: Int32Array): void {
  const { data, width, channels } = image;
  let i = (y * width + x0) * channels;
  if (channels >= 3) {
    for (let k = 0; k < count; k += 1, i += channels) out[k] = 77 * data[i]! + 150 * data[i + 1]! + 29 * data[i + 2]!;
  } else {
    for (let k = 0; k < count; k += 1, i += channels) out[k] = data[i]! << 8;
  }
}

/** Mean squared 4-neighbour Laplacian of the luma inside one square (its border rows only as neighbours). */
function tileLaplacian(image: RawPixels, x0: number, y0: number, size: number, rows: Int32Array[]): number {
  lumaRow(image, y0, x0, size, rows[0]!);
  lumaRow(image, y0 + 1, x0, size, rows[1]!);
  let sum = 0;
  for (let y = 1; y < size - 1; y += 1) {
    lumaRow(image, y0 + y + 1, x0, size, rows[(y + 1) % 3]!);
    const above = rows[(y - 1) % 3]!;
    const row = rows[y % 3]!;
    const below = rows[(y + 1) % 3]!;
    for (let x = 1; x < size - 1; x += 1) {
      // At most 4 x 65,280 either way: an exact integer, and its square an exact double.
      const laplacian = above[x]! + below[x]! + row[x - 1]! + row[x + 1]! - 4 * row[x]!;
      sum += laplacian * laplacian;
    }
  }
  return sum / (65_536 * (size - 2) * (size - 2));
}

const clamp = (value: number, max: number) => Math.min(Math.max(0, value), max);

/**
 * Sharpness: the mean of the sharper half of the tiles' Laplacian energies. At full resolution, because a
 * downscaled copy hides a blur of a pixel or two; the sharper half, because a photo of a card on a plain
 * table is sharp where the card is, and the table is flat in focus or not.
 */
function sharpness(image: RawPixels): number {
  const size = Math.min(TILE, image.width, image.height);
  if (size < 3) return 0;
  const energies: number[] = [];
  const rows = [new Int32Array(size), new Int32Array(size), new Int32Array(size)];
  for (let row = 0; row < TILE_GRID; row += 1) {
    for (let column = 0; column < TILE_GRID; column += 1) {
      // Evenly over the middle 90 %: the edges of a photo are often its frame or the table.
      const x0 = Math.round(image.width * 0.05 + ((image.width * 0.9 - size) * column) / (TILE_GRID - 1));
      const y0 = Math.round(image.height * 0.05 + ((image.height * 0.9 - size) * row) / (TILE_GRID - 1));
      energies.push(tileLaplacian(image, clamp(x0, image.width - size), clamp(y0, image.height - size), size, rows));
    }
  }
  energies.sort((a, b) => b - a);
  const sharper = energies.slice(0, Math.ceil(energies.length / 2));
  return sharper.reduce((total, energy) => total + energy, 0) / sharper.length;
}

function exposure(image: RawPixels): { meanLuma: number; clippedShare: number } {
  const { data, width, height, channels } = image;
  const step = Math.max(1, Math.floor(Math.sqrt((width * height) / EXPOSURE_SAMPLES)));
  // Luma 250 and over is burnt out: 250 x 256 in the scaled integers.
  const clipAt = 250 * 256;
  let sum = 0;
  let clipped = 0;
  let count = 0;
  for (let y = Math.floor(step / 2); y < height; y += step) {
    for (let i = (y * width + Math.floor(step / 2)) * channels, x = Math.floor(step / 2); x < width; x += step, i += step * channels) {
      const luma = channels >= 3 ? 77 * data[i]! + 150 * data[i + 1]! + 29 * data[i + 2]! : data[i]! << 8;
      sum += luma;
      if (luma >= clipAt) clipped += 1;
      count += 1;
    }
  }
  return { meanLuma: count ? sum / 256 / count : 0, clippedShare: count ? clipped / count : 0 };
}

export function measurePhoto(image: RawPixels): PhotoMeasures {
  return { sharpness: sharpness(image), ...exposure(image), shortSide: Math.min(image.width, image.height) };
}

/** The problems of a measured photo, in the vocabulary's order; `ok` when there are none. */
export function judgePhoto(measures: PhotoMeasures, limits: typeof PHOTO_QUALITY_LIMITS = PHOTO_QUALITY_LIMITS): PhotoQuality {
  const masalah: PhotoProblem[] = [];
  if (measures.sharpness < limits.minSharpness) masalah.push('buram');
  if (measures.meanLuma < limits.darkMeanLuma) masalah.push('gelap');
  if (measures.meanLuma > limits.brightMeanLuma || measures.clippedShare > limits.maxClippedShare) masalah.push('terlalu_terang');
  if (measures.shortSide < limits.minShortSide) masalah.push('resolusi_rendah');
  return { ok: masalah.length === 0, masalah };
}

export function assessPhoto(image: RawPixels): PhotoQuality {
  return judgePhoto(measurePhoto(image));
}
