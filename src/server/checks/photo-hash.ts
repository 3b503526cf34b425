import sharp from 'sharp';

/**
 * The indexed half of the reused-photo check (docs/decisions/0041): 64-bit DCT hashes of a photo and of a
 * grid of windows inside it. A copy that was recompressed or rescaled keeps the photo's hash within a bit or
 * two; a copy cropped by up to 5 % of each side is close to the window of the original nearest to what it
 * shows, and an original met after its crop has a window close to the crop's whole frame. The hashes only find
 * candidates: photo-compare.ts decides whether a candidate is the same photo.
 */

/** Hamming distance at or under which a candidate is looked at: within it two hashes share a 16-bit band. */
export const SAME_PHOTO_MAX_DISTANCE = 3;

/** The grey square every hash and comparison starts from, in pixels a side. */
export const BASE = 256;
/** The DCT's input grid and the block of its lowest frequencies that becomes the 64 bits. */
const GRID = 32;
const LOW = 8;
/**
 * Windows keeping 95 % of each side at offsets 0, 1.25, 2.5, 3.75 and 5 % both ways, and windows keeping
 * 97.5 % at 0, 1.25 and 2.5 %: a copy cropped by 5 % or by 2.5 % is within 0.6 % of a window's frame.
 */
const WINDOWS = [
  { keep: 0.95, steps: 5 },
  { keep: 0.975, steps: 3 },
] as const;

/** Variant 0 is the whole photo; variants 1-34 are its windows. */
export const WHOLE_PHOTO = 0;
export const HASHES_PER_PHOTO = 1 + WINDOWS.reduce((sum, { steps }) => sum + steps * steps, 0);

/** The photo upright (EXIF), in grey, squeezed to BASE x BASE. Throws when sharp cannot read the bytes. */
export async function greySquare(image: Buffer): Promise<Float32Array> {
  const raw = await sharp(image, { failOn: 'none' }).rotate().greyscale().resize(BASE, BASE, { fit: 'fill' }).raw().toBuffer();
  return Float32Array.from(raw);
}

/** Prefix sums of a row or column, sampled at a fractional position by linear interpolation. */
export function prefixAt(prefix: Float64Array, x: number): number {
  const i = Math.min(prefix.length - 2, Math.max(0, Math.floor(x)));
  return prefix[i]! + (prefix[i + 1]! - prefix[i]!) * (x - i);
}

/** Prefix sums of the BASE values source[first], source[first + step], … into prefix (prefix[0] stays 0). */
function prefixSums(prefix: Float64Array, source: Float32Array | Float64Array, first: number, step: number): void {
  for (let i = 0; i < BASE; i += 1) prefix[i + 1] = prefix[i]! + source[first + i * step]!;
}

/** The mean of cell k of `size` equal cells covering [start, start + span) of a prefix-summed line. */
function cellMean(prefix: Float64Array, start: number, span: number, k: number, size: number): number {
  const from = start + (k * span) / size;
  const to = start + ((k + 1) * span) / size;
  return (prefixAt(prefix, to) - prefixAt(prefix, from)) / (to - from);
}

/**
 * The box average of the window [left, left + width) x [top, top + height) of a BASE square (fractional
 * pixel edges weighed by their share) into a size x size grid: a crop and a resize in one, exact for any
 * window, so that the windows of the original and a cropped copy's whole frame are sampled alike. Rows
 * first (BASE x size), then the columns of that.
 */
export function resampleWindow(grey: Float32Array, left: number, top: number, width: number, height: number, size: number): Float32Array {
  const line = new Float64Array(BASE + 1);
  const across = new Float64Array(BASE * size);
  for (let y = 0; y < BASE; y += 1) {
    prefixSums(line, grey, y * BASE, 1);
    for (let k = 0; k < size; k += 1) across[y * size + k] = cellMean(line, left, width, k, size);
  }
  const out = new Float32Array(size * size);
  for (let x = 0; x < size; x += 1) {
    prefixSums(line, across, x, size);
    for (let k = 0; k < size; k += 1) out[k * size + x] = cellMean(line, top, height, k, size);
  }
  return out;
}

const COS: Float64Array[] = Array.from({ length: LOW }, (_, k) =>
  Float64Array.from({ length: GRID }, (_, n) => Math.cos(((2 * n + 1) * k * Math.PI) / (2 * GRID))),
);

/** Frequency k of the GRID values source[first], source[first + step], …: their sum weighed by COS[k]. */
function cosineSum(source: Float32Array | Float64Array, first: number, step: number, k: number): number {
  let sum = 0;
  for (let n = 0; n < GRID; n += 1) sum += source[first + n * step]! * COS[k]![n]!;
  return sum;
}

/**
 * pHash of a GRID x GRID image: the 8 x 8 lowest DCT frequencies, a bit set where a coefficient is above
 * the median of the 63 beside the DC term (the DC term's bit is always set). Every hash has 32 bits set, so
 * the bands of distinct photos spread evenly over their values.
 */
function dctHash(pixels: Float32Array): bigint {
  // Separable: each row's LOW lowest frequencies, then the LOW lowest frequencies of each of those columns.
  const rows = new Float64Array(GRID * LOW);
  for (let y = 0; y < GRID; y += 1) {
    for (let k = 0; k < LOW; k += 1) rows[y * LOW + k] = cosineSum(pixels, y * GRID, 1, k);
  }
  const coefficients = new Float64Array(LOW * LOW);
  for (let u = 0; u < LOW; u += 1) {
    for (let v = 0; v < LOW; v += 1) coefficients[u * LOW + v] = cosineSum(rows, v, LOW, u);
  }
  const median = Float64Array.from(coefficients.subarray(1)).sort()[(LOW * LOW - 2) >> 1]!;
  let hash = 0n;
  for (let i = 0; i < LOW * LOW; i += 1) if (i === 0 || coefficients[i]! > median) hash |= 1n << BigInt(i);
  return hash;
}

/** The unsigned 64-bit hashes of a grey square (greySquare), the whole photo first, then its windows row by row. */
export function hashesOfGrey(grey: Float32Array): bigint[] {
  const hashes = [dctHash(resampleWindow(grey, 0, 0, BASE, BASE, GRID))];
  for (const { keep, steps } of WINDOWS) {
    const side = BASE * keep;
    const step = (BASE - side) / (steps - 1);
    for (let row = 0; row < steps; row += 1) {
      for (let column = 0; column < steps; column += 1)
        hashes.push(dctHash(resampleWindow(grey, column * step, row * step, side, side, GRID)));
    }
  }
  return hashes;
}

/** The four 16-bit bands of a hash, low band first. */
export function bands(hash: bigint): [number, number, number, number] {
  return [0, 1, 2, 3].map((i) => Number((hash >> BigInt(16 * i)) & 0xffffn)) as [number, number, number, number];
}

/** The hash as PostgreSQL's signed bigint stores it. */
export const toSigned = (hash: bigint) => BigInt.asIntN(64, hash);

export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (x) {
    x &= x - 1n;
    count += 1;
  }
  return count;
}
