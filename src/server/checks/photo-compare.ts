import { BASE, prefixAt, resampleWindow } from './photo-hash.js';

/**
 * The deciding half of the reused-photo check (docs/decisions/0041): is a candidate the hashes found the
 * same photo? Two KTP cards of one template are within a bit or two on any global hash; they differ in the
 * writing, so the photos are compared pixel by pixel once aligned. One is taken as a window (90-100 % of
 * each side, anywhere) of the other; the window that lines up the row and column profiles best is resampled
 * to the other's size, both are brought to mean 0 and deviation 1, and the score is the largest mean absolute
 * difference of any 16 x 16 block: a copy differs a little everywhere (JPEG, resampling), another card by a
 * whole name or number somewhere. bench/photo-hash.ts measures both sides of the threshold.
 */
export const SAME_PHOTO_MAX_DIFFERENCE = 0.9;

/** The smallest share of a side a crop may keep and still be the same photo. */
const MIN_KEEP = 0.9;
const BLOCK = 16;
/** Edge pixels left out of the score: the window's edge is where resampling differs most. */
const MARGIN = 4;

type Profiled = { grey: Float32Array; columns: Float64Array; rows: Float64Array };

function profiled(grey: Float32Array): Profiled {
  const columns = new Float64Array(BASE);
  const rows = new Float64Array(BASE);
  for (let y = 0; y < BASE; y += 1) {
    for (let x = 0; x < BASE; x += 1) {
      columns[x] = columns[x]! + grey[y * BASE + x]!;
      rows[y] = rows[y]! + grey[y * BASE + x]!;
    }
  }
  return { grey, columns, rows };
}

function correlation(a: Float64Array, b: Float64Array): number {
  let meanA = 0;
  let meanB = 0;
  for (let i = 0; i < a.length; i += 1) {
    meanA += a[i]!;
    meanB += b[i]!;
  }
  meanA /= a.length;
  meanB /= b.length;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i]! - meanA;
    const y = b[i]! - meanB;
    ab += x * y;
    aa += x * x;
    bb += y * y;
  }
  return aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
}

type Span = { start: number; length: number };

/**
 * The span of `outer`'s profile whose resampling correlates best with `inner`'s: spans on a 2-pixel grid
 * first, then finer grids around the best (half, then an eighth of a pixel).
 */
function alignProfile(outer: Float64Array, inner: Float64Array): Span {
  const prefix = new Float64Array(BASE + 1);
  for (let i = 0; i < BASE; i += 1) prefix[i + 1] = prefix[i]! + outer[i]!;
  const edges = new Float64Array(BASE + 1);
  const sampled = new Float64Array(BASE);
  const score = (start: number, length: number) => {
    for (let k = 0; k <= BASE; k += 1) edges[k] = prefixAt(prefix, start + (k * length) / BASE);
    for (let k = 0; k < BASE; k += 1) sampled[k] = edges[k + 1]! - edges[k]!;
    return correlation(sampled, inner);
  };
  const shortest = BASE * MIN_KEEP;
  let best = { start: 0, length: BASE, r: score(0, BASE) };
  const search = (centre: Span, reach: number, step: number) => {
    for (let length = Math.max(shortest, centre.length - reach); length <= Math.min(BASE, centre.length + reach) + 1e-9; length += step) {
      for (
        let start = Math.max(0, centre.start - reach);
        start + length <= BASE + 1e-9 && start <= centre.start + reach + 1e-9;
        start += step
      ) {
        const r = score(start, length);
        if (r > best.r) best = { start, length, r };
      }
    }
  };
  search({ start: 0, length: BASE }, BASE, 2);
  search(best, 2, 0.5);
  search(best, 0.5, 0.125);
  return { start: best.start, length: Math.min(best.length, BASE - best.start) };
}

function standardised(pixels: Float32Array): Float32Array {
  const count = pixels.length;
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < count; i += 1) {
    sum += pixels[i]!;
    squares += pixels[i]! * pixels[i]!;
  }
  const mean = sum / count;
  const deviation = Math.sqrt(Math.max(0, squares / count - mean * mean)) || 1;
  const out = new Float32Array(count);
  for (let i = 0; i < count; i += 1) out[i] = (pixels[i]! - mean) / deviation;
  return out;
}

function worstBlock(a: Float32Array, b: Float32Array): number {
  const [x, y] = [standardised(a), standardised(b)];
  let worst = 0;
  for (let top = MARGIN; top + BLOCK <= BASE - MARGIN; top += BLOCK) {
    for (let left = MARGIN; left + BLOCK <= BASE - MARGIN; left += BLOCK) {
      let sum = 0;
      for (let row = top; row < top + BLOCK; row += 1) {
        for (let column = left; column < left + BLOCK; column += 1) sum += Math.abs(x[row * BASE + column]! - y[row * BASE + column]!);
      }
      worst = Math.max(worst, sum / (BLOCK * BLOCK));
    }
  }
  return worst;
}

/** `inner` as a window of `outer`: the aligned window's worst block difference. */
function asWindow(outer: Profiled, inner: Profiled): number {
  const across = alignProfile(outer.columns, inner.columns);
  const down = alignProfile(outer.rows, inner.rows);
  return worstBlock(resampleWindow(outer.grey, across.start, down.start, across.length, down.length, BASE), inner.grey);
}

/**
 * How different two photos are (grey squares of photo-hash.ts), the lesser of either taken as a window of
 * the other: at or under SAME_PHOTO_MAX_DIFFERENCE they are the same photo.
 */
export function photoDifference(a: Float32Array, b: Float32Array): number {
  const [first, second] = [profiled(a), profiled(b)];
  return Math.min(asWindow(first, second), asWindow(second, first));
}
