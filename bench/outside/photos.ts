// The registration phases' photos, made once per machine and kept in the temporary directory: a 1 MB
// 1600 x 1200 JPEG (noise, which does not compress) and a 2560 x 1920 JPEG of 2.6 MB (noise in 4 px
// blocks, which compresses like a detailed photo), the long side the wizard scales camera photos to
// (decision 0015). The quality is searched for the size.
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { blockNoise, jpegNearSize } from '../jpeg-near-size.js';

export type PhotoSet = { name: string; note: string; files: string[]; bytes: number };

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
    oneMb: await photoSet('1mb', '1600 x 1200, ~1 MB', (seed) => jpegNearSize(blockNoise(1600, 1200, 1, seed), 1600, 1200, 1_000_000)),
    px2560: await photoSet('2560px', '2560 x 1920, ~2.6 MB', (seed) =>
      jpegNearSize(blockNoise(2560, 1920, 4, 10 + seed), 2560, 1920, 2_600_000),
    ),
  };
}
