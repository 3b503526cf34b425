import sharp from 'sharp';

/**
 * The second look at a photo the 64-bit pHash found close: a 256-bit pHash (16×16 DCT of a 64×64 grey
 * image) compared over the small shifts a 5 % crop makes. The coarse hash sees a document's layout, so two
 * different KTP cards (one template) are often within its distance; the fine hash sees the writing on the
 * card, and tells them apart (bench/photo-hash.ts measures both sides of this threshold).
 */
export const FINE_MAX_DISTANCE = 40;

const GRID = 256;
const SIDE = 64;
const LOW = 16;
const KEEP = Math.round(GRID * 0.95);
const STEP = 2;

const COS: Float64Array[] = Array.from({ length: LOW }, (_, k) =>
  Float64Array.from({ length: SIDE }, (_, n) => Math.cos(((2 * n + 1) * k * Math.PI) / (2 * SIDE))),
);

/** The 256 low-frequency DCT signs against their median (the DC term excluded from the median). */
function fineHash(pixels: Buffer): Uint8Array {
  const rows = Array.from({ length: SIDE }, () => new Float64Array(LOW));
  for (let y = 0; y < SIDE; y += 1) {
    for (let k = 0; k < LOW; k += 1) {
      let sum = 0;
      for (let x = 0; x < SIDE; x += 1) sum += pixels[y * SIDE + x]! * COS[k]![x]!;
      rows[y]![k] = sum;
    }
  }
  const coefficients: number[] = [];
  for (let u = 0; u < LOW; u += 1) {
    for (let v = 0; v < LOW; v += 1) {
      let sum = 0;
      for (let y = 0; y < SIDE; y += 1) sum += rows[y]![v]! * COS[u]![y]!;
      coefficients.push(sum);
    }
  }
  const median = coefficients.slice(1).sort((a, b) => a - b)[(LOW * LOW - 1) >> 1]!;
  return Uint8Array.from(coefficients, (c) => (c > median ? 1 : 0));
}

function distance(a: Uint8Array, b: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < a.length; i += 1) count += a[i] === b[i] ? 0 : 1;
  return count;
}

const RAW = { raw: { width: GRID, height: GRID, channels: 1 as const } };

async function greySquare(image: Buffer): Promise<Buffer> {
  return sharp(image).rotate().greyscale().resize(GRID, GRID, { fit: 'fill' }).raw().toBuffer();
}

async function windowHash(grey: Buffer, left: number, top: number, size: number): Promise<Uint8Array> {
  const pixels = await sharp(grey, RAW)
    .extract({ left, top, width: size, height: size })
    .resize(SIDE, SIDE, { fit: 'fill' })
    .raw()
    .toBuffer();
  return fineHash(pixels);
}

/** The smallest fine distance of `inner` against 95 % windows of `outer` (inner a crop of outer). */
async function croppedDistance(outer: Buffer, inner: Uint8Array): Promise<number> {
  let best = Infinity;
  for (let top = 0; top <= GRID - KEEP; top += STEP) {
    for (let left = 0; left <= GRID - KEEP; left += STEP) {
      best = Math.min(best, distance(await windowHash(outer, left, top, KEEP), inner));
    }
  }
  return best;
}

/**
 * The least fine distance between two photos: as they are (recompressed, rescaled), or either one a crop
 * of up to 5 % of each side of the other.
 */
export async function fineDistance(a: Buffer, b: Buffer): Promise<number> {
  const [greyA, greyB] = await Promise.all([greySquare(a), greySquare(b)]);
  const [wholeA, wholeB] = await Promise.all([windowHash(greyA, 0, 0, GRID), windowHash(greyB, 0, 0, GRID)]);
  const same = distance(wholeA, wholeB);
  if (same <= FINE_MAX_DISTANCE) return same;
  return Math.min(same, await croppedDistance(greyA, wholeB), await croppedDistance(greyB, wholeA));
}
