import sharp from 'sharp';
import { JPEG_OUTPUT, prepareDocument } from '../src/server/uploads/document-processing.js';
import { assessPhoto, measurePhoto, type RawPixels } from '../src/server/uploads/photo-quality.js';
import { blurredPhoto, scenePhoto, SCENES } from '../tests/support/photo-fixtures.js';
import { cameraPhotosScaledInBrowser } from './camera-photos.js';

/**
 * The photo quality check of POST /api/uploads (decision 0035), measured, never gated:
 * - the blur detector's precision and recall on a labelled set: drawn camera-like photos of five scenes at
 *   the sizes the wizard sends (800 to 2560 px), and the same photos blurred with sigma 2 and 3;
 * - its false warnings on the wizard bench's camera photos (4000 x 3000, scaled in Chromium as the wizard does);
 * - the cost: milliseconds of the measures per photo (p50/p95), and the CPU of the whole upload step
 *   (decode, measure, encode) against the step without measures.
 * Run: npm run bench:quality
 */

const SIZES: [number, number][] = [
  [2560, 1920],
  [1920, 1440],
  [1600, 1200],
  [1080, 1440],
  [800, 600],
];
const SEEDS = [1, 2];
const SIGMAS = [2, 3];

async function rawOf(photo: Buffer): Promise<RawPixels> {
  const { data, info } = await sharp(photo).rotate().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))]!;
const fixed = (value: number, digits = 1) => value.toFixed(digits);

async function cpuMs(work: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  await work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * CPU milliseconds of a synchronous step: on a shared machine the wall clock also counts the time other
 * processes held the core, which says nothing about the step.
 */
function timed<T>(work: () => T): { result: T; ms: number } {
  const start = process.cpuUsage();
  const result = work();
  const used = process.cpuUsage(start);
  return { result, ms: (used.user + used.system) / 1000 };
}

type Labelled = { name: string; blurred: boolean; photo: Buffer };

async function labelledSet(): Promise<Labelled[]> {
  const set: Labelled[] = [];
  for (const scene of SCENES) {
    for (const [width, height] of SIZES) {
      for (const seed of SEEDS) {
        const photo = await scenePhoto({ scene, width, height, seed: seed * 1000 + width });
        set.push({ name: `${scene} ${width}x${height} #${seed}`, blurred: false, photo });
        for (const sigma of SIGMAS)
          set.push({ name: `${scene} ${width}x${height} #${seed} blur ${sigma}`, blurred: true, photo: await blurredPhoto(photo, sigma) });
      }
    }
  }
  return set;
}

async function blurDetector(set: Labelled[], measureMs: number[]): Promise<void> {
  let [truePositive, falsePositive, falseNegative] = [0, 0, 0];
  const misses: string[] = [];
  for (const item of set) {
    const raw = await rawOf(item.photo);
    const { result, ms } = timed(() => assessPhoto(raw));
    const buram = result.masalah.includes('buram');
    measureMs.push(ms);
    if (buram && item.blurred) truePositive += 1;
    if (buram && !item.blurred) falsePositive += 1;
    if (!buram && item.blurred) falseNegative += 1;
    if (buram !== item.blurred) misses.push(`${item.name}: sharpness ${fixed(measurePhoto(raw).sharpness, 0)}`);
  }
  const precision = truePositive / (truePositive + falsePositive);
  const recall = truePositive / (truePositive + falseNegative);
  const sharp = set.filter((item) => !item.blurred).length;
  console.log(`labelled set: ${sharp} sharp photos, ${set.length - sharp} blurred (sigma ${SIGMAS.join(' and ')})`);
  console.log(
    `  buram precision ${fixed(precision, 3)}  recall ${fixed(recall, 3)}  (target >= 0.9 each: ${precision >= 0.9 && recall >= 0.9 ? 'met' : 'MISSED'})`,
  );
  for (const miss of misses) console.log(`  wrong: ${miss}`);
}

async function cameraPhotos(measureMs: number[]): Promise<Buffer[]> {
  try {
    const { scaled } = await cameraPhotosScaledInBrowser();
    let warned = 0;
    for (const [i, photo] of scaled.entries()) {
      const raw = await rawOf(photo);
      const { result: quality, ms } = timed(() => assessPhoto(raw));
      measureMs.push(ms);
      if (!quality.ok) warned += 1;
      console.log(
        `  camera photo ${i + 1}: ${raw.width}x${raw.height}, ${fixed(photo.length / 1024 / 1024, 2)} MB, ${quality.ok ? 'ok' : quality.masalah.join(', ')}`,
      );
    }
    console.log(
      `camera photos of the wizard bench: false warnings ${warned} of ${scaled.length} (${fixed((100 * warned) / scaled.length, 0)} %)`,
    );
    return scaled;
  } catch (error) {
    console.log(`camera photos skipped: Chromium did not start (${(error as Error).message.split('\n')[0]})`);
    return [];
  }
}

/** CPU of the upload step with the measures (one decode to raw, measure, encode) and the step before them. */
async function pipelineCost(name: string, photos: Buffer[]): Promise<void> {
  const withQuality: number[] = [];
  const without: number[] = [];
  for (let round = 0; round < 6; round += 1) {
    for (const photo of photos) {
      // Interleaved, so both see the same load of a shared machine; the first round warms up.
      const a = await cpuMs(() => prepareDocument('foto_ktp', photo));
      const b = await cpuMs(() => sharp(photo).rotate().jpeg(JPEG_OUTPUT).toBuffer());
      if (round > 0) {
        withQuality.push(a);
        without.push(b);
      }
    }
  }
  const median = (values: number[]) => percentile(values, 0.5);
  const size = photos.reduce((total, photo) => total + photo.length, 0) / photos.length / 1024 / 1024;
  console.log(
    `upload step CPU per photo, ${name} (${photos.length} photos of ${fixed(size, 2)} MB on average, x 5): with measures p50 ${fixed(median(withQuality))} ms p95 ${fixed(percentile(withQuality, 0.95))} ms;`,
  );
  console.log(
    `  decode + encode alone p50 ${fixed(median(without))} ms p95 ${fixed(percentile(without, 0.95))} ms; difference of medians ${fixed(median(withQuality) - median(without))} ms`,
  );
}

const measureMs: number[] = [];
const set = await labelledSet();
await blurDetector(set, measureMs);
const camera = await cameraPhotos(measureMs);
console.log(
  `quality measures per photo (CPU): p50 ${fixed(percentile(measureMs, 0.5), 2)} ms  p95 ${fixed(percentile(measureMs, 0.95), 2)} ms  (${measureMs.length} photos)`,
);
const sharpOnes = (size: string) => set.filter((item) => !item.blurred && item.name.includes(size)).map((item) => item.photo);
await pipelineCost('drawn photos of 1600 x 1200', sharpOnes('1600x1200'));
await pipelineCost(
  camera.length > 0 ? 'camera photos scaled in Chromium' : 'drawn photos of 2560 x 1920',
  camera.length > 0 ? camera : sharpOnes('2560x1920'),
);
