import sharp from 'sharp';
import sharpPhash from 'sharp-phash';

// A CommonJS module whose typings declare an ES default: at run time the default import is the function.
const phash = sharpPhash as unknown as typeof sharpPhash.default;

/**
 * Perceptual hashes of a photo for the reused-photo check: the pHash (DCT of a 32×32 grey image) of the
 * whole photo and of five crops keeping 95 % of each side (four corners and the centre). A copy cropped by
 * a few percent is close to one of the other's crops; recompression and rescaling barely move the pHash at
 * all (bench/photo-hash.ts measures both, and how rarely distinct photos come this close).
 */
/** Hamming distance at or under which two photos are the same: every copy of the bench was within it. */
export const SAME_PHOTO_MAX_DISTANCE = 7;

const GRID = 256;
const KEEP = Math.round(GRID * 0.95);
const OFF = GRID - KEEP;
const CROPS: readonly (readonly [number, number])[] = [
  [0, 0],
  [OFF, 0],
  [0, OFF],
  [OFF, OFF],
  [OFF >> 1, OFF >> 1],
];

const toBigInt = (bits: string) => BigInt(`0b${bits}`);

/** The unsigned 64-bit hashes, variant 0 first. Throws when the bytes are not an image sharp can read. */
export async function photoHashes(image: Buffer): Promise<bigint[]> {
  // Decoded and turned upright once; each variant is a crop of this grey square.
  const grey = await sharp(image).rotate().greyscale().resize(GRID, GRID, { fit: 'fill' }).raw().toBuffer();
  const raw = { raw: { width: GRID, height: GRID, channels: 1 as const } };
  const hashes = [toBigInt(await phash(grey, raw))];
  for (const [left, top] of CROPS) {
    const crop = await sharp(grey, raw).extract({ left, top, width: KEEP, height: KEEP }).raw().toBuffer();
    hashes.push(toBigInt(await phash(crop, { raw: { width: KEEP, height: KEEP, channels: 1 } })));
  }
  return hashes;
}

/** The four 16-bit bands of a hash, low band first. */
export function bands(hash: bigint): [number, number, number, number] {
  return [0, 1, 2, 3].map((i) => Number((hash >> BigInt(16 * i)) & 0xffffn)) as [number, number, number, number];
}

/** A band's value and its 16 one-bit neighbours: within distance 7 some band differs by at most one bit. */
export function bandProbes(band: number): number[] {
  return [band, ...Array.from({ length: 16 }, (_, bit) => band ^ (1 << bit))];
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
