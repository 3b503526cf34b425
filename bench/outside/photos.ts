// The registration phases' photos, made once per machine and kept in the temporary directory: a 1 MB
// 1600 x 1200 JPEG (noise, which does not compress) and a 2560 x 1920 JPEG of 2.6 MB (noise in 4 px
// blocks, which compresses like a detailed photo), the long side the wizard scales camera photos to
// (decision 0015). The quality is searched for the size.
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createRandom } from '../../src/server/seed/fake-merchants.js';

export type PhotoSet = { name: string; note: string; files: string[]; bytes: number };

async function noiseJpeg(width: number, height: number, block: number, targetBytes: number, seed: number): Promise<Buffer> {
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
  let [low, high] = [30, 98];
  let best = Buffer.alloc(0);
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (Math.abs(jpeg.length - targetBytes) < Math.abs(best.length - targetBytes)) best = jpeg;
    if (jpeg.length > targetBytes) high = quality - 1;
    else low = quality + 1;
  }
  return best;
}

async function photoSet(name: string, note: string, make: (seed: number) => Promise<Buffer>): Promise<PhotoSet> {
  const dir = path.join(tmpdir(), 'aipos-bench-photos-v1');
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  let bytes = 0;
  for (let i = 0; i < 5; i += 1) {
    const file = path.join(dir, `${name}-${i}.jpg`);
    if (!existsSync(file)) writeFileSync(file, await make(i + 1));
    files.push(file);
    bytes += statSync(file).size;
  }
  return { name, note, files, bytes };
}

export async function benchPhotos(): Promise<{ oneMb: PhotoSet; px2560: PhotoSet }> {
  return {
    oneMb: await photoSet('1mb', '1600 x 1200, ~1 MB', (seed) => noiseJpeg(1600, 1200, 1, 1_000_000, seed)),
    px2560: await photoSet('2560px', '2560 x 1920, ~2.6 MB', (seed) => noiseJpeg(2560, 1920, 4, 2_600_000, 10 + seed)),
  };
}
