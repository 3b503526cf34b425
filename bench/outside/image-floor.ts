// Runs image-floor-process.ts for a photo set, as the server runs (its node flags, npm run serve's malloc
// settings), and returns its CPU per registration: the floor the server's own figure is read against.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVE_MALLOC } from '../bench-kit.js';
import type { PhotoSet } from './photos.js';

const FLOOR_PROCESS = fileURLToPath(new URL('./image-floor-process.ts', import.meta.url));

export type ImageFloor = {
  photos: string;
  /** sharp decoding and encoding the five photos in one pipeline each: what every upload must do. */
  reencodeMs: number;
  /** prepareDocument on the five photos: the upload's image work as it is (quality measures included). */
  uploadMs: number;
};

export async function measureImageFloor(set: PhotoSet, rounds: number, nodeFlags: string[]): Promise<ImageFloor> {
  const dir = mkdtempSync(path.join(tmpdir(), 'aipos-image-floor-'));
  try {
    const specFile = path.join(dir, 'spec.json');
    writeFileSync(specFile, JSON.stringify({ files: set.files, rounds }));
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', FLOOR_PROCESS, specFile], {
        env: { ...process.env, ...SERVE_MALLOC },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('exit', (code) =>
        code === 0 ? resolve(stdout) : reject(new Error(`image floor exited with ${code}: ${stderr.slice(-2000)}`)),
      );
    });
    const figures = JSON.parse(out.trim().split('\n').at(-1)!) as Omit<ImageFloor, 'photos'>;
    return { photos: set.note, ...figures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
