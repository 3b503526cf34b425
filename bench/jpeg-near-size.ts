import sharp from 'sharp';
import { createRandom } from '../src/server/seed/fake-merchants.js';

/**
 * Raw RGB pixels of seeded noise in `block`-pixel squares: one pixel squares (plain noise) do not
 * compress, larger ones compress like a detailed photo.
 */
export function blockNoise(width: number, height: number, block: number, seed: number): Buffer {
  const random = createRandom(seed);
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += block) {
    for (let x = 0; x < width; x += block) {
      const rgb = [random(), random(), random()].map((v) => 40 + Math.floor(v * 176));
      for (let dy = 0; dy < block && y + dy < height; dy += 1) {
        for (let dx = 0; dx < block && x + dx < width; dx += 1) raw.set(rgb, ((y + dy) * width + x + dx) * 3);
      }
    }
  }
  return raw;
}

/**
 * Raw RGB pixels as the JPEG whose size comes closest to `targetBytes`: the quality is searched from
 * `lowestQuality` to 98. With `orientation`, the EXIF orientation is written as a phone writes it.
 */
export async function jpegNearSize(
  raw: Buffer,
  width: number,
  height: number,
  targetBytes: number,
  { lowestQuality = 30, orientation }: { lowestQuality?: number; orientation?: number } = {},
): Promise<Buffer> {
  let [low, high] = [lowestQuality, 98];
  let best = Buffer.alloc(0);
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const encoder = sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality });
    const jpeg = await (orientation === undefined ? encoder : encoder.withMetadata({ orientation })).toBuffer();
    if (Math.abs(jpeg.length - targetBytes) < Math.abs(best.length - targetBytes)) best = jpeg;
    if (jpeg.length > targetBytes) high = quality - 1;
    else low = quality + 1;
  }
  return best;
}
