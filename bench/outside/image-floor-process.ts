// The image floor of a registration, in a process of its own (started by image-floor.ts with the server's
// node flags and malloc settings): the CPU that sharp's work on the five photos costs with nothing else
// beside it, no HTTP, database, logging or other requests' garbage. Two measures, alternated by round:
// - reencode: one sharp pipeline decoding and encoding each photo, the work every upload must do (the
//   re-encode is a security decision, docs/decisions) and all that the upload did before the quality
//   measures (decision 0035);
// - upload: prepareDocument, what POST /api/uploads does to a photo today (sniff, header, then the photo tee's
//   one pass when built, decision 0053, else a decode to raw pixels, quality measures and an encode from
//   them; SHA-256).
// Reads { files, rounds } as JSON from argv[2]; prints one JSON line { reencodeMs, uploadMs }, CPU ms per registration.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { JPEG_OUTPUT, prepareDocument } from '../../src/server/uploads/document-processing.js';

type Spec = { files: string[]; rounds: number };

const spec = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Spec;
const photos = spec.files.map((file) => readFileSync(file));

const reencode = (photo: Buffer) => sharp(photo).rotate().jpeg(JPEG_OUTPUT).toBuffer();
const upload = (photo: Buffer) => prepareDocument('foto_ktp', photo);

/** One registration's photos, two at a time as the server's pixel budget admits 1 MB photos and teed 2560 px ones (decision 0053). */
async function registration(work: (photo: Buffer) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < photos.length; i += 2) await Promise.all(photos.slice(i, i + 2).map(work));
}

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

// Warm-up: sharp's first calls and the measures' first (unoptimised) runs are not the steady cost.
for (let i = 0; i < 3; i += 1) {
  await registration(reencode);
  await registration(upload);
}
const spent = { reencode: 0, upload: 0 };
for (let round = 0; round < spec.rounds; round += 1) {
  for (const name of round % 2 === 0 ? (['reencode', 'upload'] as const) : (['upload', 'reencode'] as const)) {
    const before = cpuMs();
    await registration(name === 'reencode' ? reencode : upload);
    spent[name] += cpuMs() - before;
  }
}
console.log(JSON.stringify({ reencodeMs: spent.reencode / spec.rounds, uploadMs: spent.upload / spec.rounds }));
