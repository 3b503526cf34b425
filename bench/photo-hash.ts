/**
 * The reused-photo check (docs/decisions/0041), measured:
 * `npm run bench:phash [-- --photos 430 --cards 100 --rows 5000000 --lookups 300]`
 * (`DATABASE_URL=postgres://...` for the lookup on PostgreSQL: a fresh database, dropped at the end).
 *
 * 1. Recall: each photo against a recompressed (JPEG quality 50), a rescaled (50 %) and a 5 %-cropped copy
 *    (5 % off the width and the height, at a random place), through both stages of the check: the hashes
 *    within distance 3 (photo-hash.ts), then the aligned comparison (photo-compare.ts). A 2.5 % crop is
 *    reported beside, without a target.
 * 2. False matches among distinct photos: every pair of drawn photos (shapes) and of drawn KTP cards (one
 *    template, only the writing differs: the hard case), through the same two stages.
 * 3. Lookup: p50/p95/p99 of SAME_PHOTOS_SQL at --rows stored hashes, 35 a photo as the check stores them:
 *    random hashes (bands spread as the drawn photos' are, printed) plus the real hashes of 50 photos, each
 *    looked up by a cropped copy (every lookup must find its photo).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { photoDifference, SAME_PHOTO_MAX_DIFFERENCE } from '../src/server/checks/photo-compare.js';
import { SAME_PHOTOS_SQL, samePhotoParams, storePhotoHashes } from '../src/server/checks/photo-hash-repository.js';
import {
  bands,
  greySquare,
  hammingDistance,
  HASHES_PER_PHOTO,
  hashesOfGrey,
  SAME_PHOTO_MAX_DISTANCE,
} from '../src/server/checks/photo-hash.js';
import { installKeyring } from '../src/server/crypto/identity-fields.js';
import { Keyring } from '../src/server/crypto/keyring.js';
import { queryRows } from '../src/server/db/query-rows.js';
import { merchants } from '../src/server/db/schema.js';
import { createRandom, fakeMerchant } from '../src/server/seed/fake-merchants.js';
import { distinctPhoto, seeded } from '../tests/support/check-photos.js';
import { drawKtpCard, randomKtpPerson } from '../tests/support/ktp-card.js';
import { openBenchDatabase, percentile } from './bench-kit.js';

const { values } = parseArgs({
  options: {
    photos: { type: 'string', default: '430' },
    cards: { type: 'string', default: '100' },
    rows: { type: 'string', default: '5000000' },
    lookups: { type: 'string', default: '300' },
  },
});
const PHOTOS = Number(values.photos);
const CARDS = Number(values.cards);
const ROWS = Number(values.rows);
const LOOKUPS = Number(values.lookups);
/** Photos of each kind whose copies are checked (the rest only count as distinct photos). */
const RECALL_PHOTOS = 100;
const REAL_IN_LOOKUP = 50;

type Hashed = { image: Buffer; grey: Float32Array; hashes: bigint[] };

const hashTimes: number[] = [];
const compareTimes: number[] = [];

async function hashed(image: Buffer): Promise<Hashed> {
  const t0 = performance.now();
  const grey = await greySquare(image);
  const hashes = hashesOfGrey(grey);
  hashTimes.push(performance.now() - t0);
  return { image, grey, hashes };
}

/** Stage one as the lookup runs it: the whole photo against every hash, the windows against the whole photos. */
function nearest(a: Hashed, b: Hashed): number {
  let best = 64;
  for (let i = 0; i < a.hashes.length; i += 1) {
    for (let j = 0; j < b.hashes.length; j += 1) {
      if (i === 0 || j === 0) best = Math.min(best, hammingDistance(a.hashes[i]!, b.hashes[j]!));
    }
  }
  return best;
}

function difference(a: Hashed, b: Hashed): number {
  const t0 = performance.now();
  const d = photoDifference(a.grey, b.grey);
  compareTimes.push(performance.now() - t0);
  return d;
}

const crop = (share: number) => async (image: Buffer, random: () => number) => {
  const { width, height } = await sharp(image).metadata();
  const dx = Math.round(width! * share);
  const dy = Math.round(height! * share);
  const left = Math.round(random() * dx);
  const top = Math.round(random() * dy);
  return sharp(image)
    .extract({ left, top, width: width! - dx, height: height! - dy })
    .jpeg({ quality: 80 })
    .toBuffer();
};

const TRANSFORMS: Record<string, (image: Buffer, random: () => number) => Promise<Buffer>> = {
  'recompressed (q50)': (image) => sharp(image).jpeg({ quality: 50 }).toBuffer(),
  'rescaled (50 %)': async (image) => {
    const { width } = await sharp(image).metadata();
    return sharp(image)
      .resize(Math.round(width! / 2))
      .jpeg({ quality: 80 })
      .toBuffer();
  },
  'cropped (5 %)': crop(0.05),
  'cropped (2.5 %)': crop(0.025),
};
const TARGETED = new Set(['recompressed (q50)', 'rescaled (50 %)', 'cropped (5 %)']);

async function drawn(): Promise<{ photos: Hashed[]; cards: Hashed[] }> {
  const photos: Hashed[] = [];
  for (let i = 0; i < PHOTOS; i += 1) photos.push(await hashed(await distinctPhoto(10_000 + i)));
  const cards: Hashed[] = [];
  for (let i = 0; i < CARDS; i += 1) {
    const card = await drawKtpCard(randomKtpPerson(seeded(20_000 + i)));
    cards.push(await hashed(await sharp(card).jpeg({ quality: 90 }).toBuffer()));
  }
  return { photos, cards };
}

async function recall(all: Hashed[]): Promise<void> {
  const random = seeded(7);
  for (const [name, transform] of Object.entries(TRANSFORMS)) {
    let stageOne = 0;
    let found = 0;
    let worst = 0;
    for (const original of all) {
      const copy = await hashed(await transform(original.image, random));
      if (nearest(copy, original) > SAME_PHOTO_MAX_DISTANCE) continue;
      stageOne += 1;
      const d = difference(original, copy);
      worst = Math.max(worst, d);
      if (d <= SAME_PHOTO_MAX_DIFFERENCE) found += 1;
    }
    const target = TARGETED.has(name) ? '>= 0.95' : 'no target';
    console.log(
      `recall ${name.padEnd(20)} ${(found / all.length).toFixed(3)} (${found}/${all.length}; hashes found ${stageOne}, largest difference of those ${worst.toFixed(2)}) [${target}]`,
    );
  }
}

async function falseMatches(group: Hashed[], name: string): Promise<{ pairs: number; matches: number }> {
  let pairs = 0;
  let candidates = 0;
  let matches = 0;
  let least = Infinity;
  for (let i = 0; i < group.length; i += 1) {
    for (let j = i + 1; j < group.length; j += 1) {
      pairs += 1;
      if (nearest(group[i]!, group[j]!) > SAME_PHOTO_MAX_DISTANCE) continue;
      candidates += 1;
      const d = difference(group[i]!, group[j]!);
      least = Math.min(least, d);
      if (d <= SAME_PHOTO_MAX_DIFFERENCE) matches += 1;
    }
  }
  const leastText = candidates > 0 ? `, smallest difference ${least.toFixed(2)}` : '';
  console.log(
    `distinct ${name.padEnd(10)} ${pairs.toLocaleString('en')} pairs: ${candidates} within hash distance ${SAME_PHOTO_MAX_DISTANCE}${leastText}, ${matches} confirmed (false matches)`,
  );
  return { pairs, matches };
}

/** The aligned comparison alone, on pairs the hashes would not have let through. */
function comparisonAlone(group: Hashed[], name: string): void {
  const differences: number[] = [];
  for (let i = 0; i < group.length; i += 1)
    for (let j = i + 1; j < group.length; j += 1) differences.push(photoDifference(group[i]!.grey, group[j]!.grey));
  differences.sort((x, y) => x - y);
  const under = differences.filter((d) => d <= SAME_PHOTO_MAX_DIFFERENCE).length;
  console.log(
    `aligned comparison alone, ${differences.length.toLocaleString('en')} pairs of distinct ${name}: smallest difference ${differences[0]?.toFixed(2)}, 1st percentile ${percentile(differences, 1).toFixed(2)}, ${under} at or under ${SAME_PHOTO_MAX_DIFFERENCE}`,
  );
}

/** How evenly the whole photos' bands spread: the largest share of photos holding one band value. */
function bandSpread(group: Hashed[], name: string): void {
  const shares = [0, 1, 2, 3].map((band) => {
    const counts = new Map<number, number>();
    for (const photo of group) {
      const value = bands(photo.hashes[0]!)[band]!;
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return Math.max(...counts.values()) / group.length;
  });
  console.log(
    `bands of ${name}: the most common value of each band is held by ${shares.map((s) => `${(s * 100).toFixed(1)} %`).join(', ')} of them`,
  );
}

async function lookup(sample: Hashed[]): Promise<void> {
  installKeyring(new Keyring(Buffer.alloc(32, 3)));
  const { database, cleanup } = await openBenchDatabase(mkdtempSync(path.join(tmpdir(), 'aipos-phash-')));
  try {
    const owners: string[] = [];
    const random = createRandom(3);
    for (let i = 0; i <= sample.length; i += 1) {
      const [row] = await database.db
        .insert(merchants)
        .values(fakeMerchant({ index: i, random, now: new Date(), status: 'processing' }))
        .returning({ id: merchants.id });
      owners.push(row!.id);
      await queryRows(database.db, `update merchants set foto_ktp = $2 where id = $1`, [row!.id, `bench-real-${i}`]);
    }
    const started = performance.now();
    // Random 64-bit hashes (bit 0 set, as in every DCT hash: the DC term's bit), two 32-bit halves (a
    // double holds 53 random bits only), 35 rows a photo, a million rows per statement.
    const randomRows = ROWS - sample.length * HASHES_PER_PHOTO;
    for (let from = 0; from < randomRows; from += 1_000_000) {
      const to = Math.min(randomRows, from + 1_000_000) - 1;
      await queryRows(
        database.db,
        `insert into photo_hashes (merchant_id, slot, storage_key, variant, hash, b0, b1, b2, b3)
         select $1, 'foto_ktp', 'bench-' || (g / ${HASHES_PER_PHOTO}), g % ${HASHES_PER_PHOTO}, h, (h & 65535)::int, ((h >> 16) & 65535)::int, ((h >> 32) & 65535)::int, ((h >> 48) & 65535)::int
         from (select g, ((floor(random() * 4294967296)::bigint << 32) | floor(random() * 4294967296)::bigint | 1) as h from generate_series($2::int, $3::int) as g) as t`,
        [owners[sample.length], from, to],
      );
    }
    for (const [i, photo] of sample.entries()) await storePhotoHashes(database.db, owners[i]!, 'foto_ktp', `bench-real-${i}`, photo.hashes);
    await queryRows(database.db, 'vacuum analyze photo_hashes', []);
    const [{ count } = { count: '0' }] = await queryRows<{ count: string }>(database.db, 'select count(*) from photo_hashes', []);
    console.log(
      `stored ${Number(count).toLocaleString('en')} hashes (${HASHES_PER_PHOTO} a photo) in ${((performance.now() - started) / 1000).toFixed(0)} s (${database.kind})`,
    );
    const random2 = seeded(11);
    const copies: Hashed[] = [];
    for (const photo of sample) copies.push(await hashed(await crop(0.05)(photo.image, random2)));
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < LOOKUPS; i += 1) {
      const k = i % copies.length;
      const t0 = performance.now();
      const rows = await queryRows<{ storage_key: string }>(database.db, SAME_PHOTOS_SQL, samePhotoParams(null, copies[k]!.hashes));
      times.push(performance.now() - t0);
      if (rows.some((row) => row.storage_key === `bench-real-${k}`)) found += 1;
    }
    times.sort((a, b) => a - b);
    const ms = (p: number) => percentile(times, p).toFixed(1);
    console.log(
      `lookup at ${Number(count).toLocaleString('en')} hashes, ${LOOKUPS} lookups of 5 %-cropped copies (${HASHES_PER_PHOTO} hashes, 4 + ${(HASHES_PER_PHOTO - 1) * 4} band probes each): p50 ${ms(50)} ms, p95 ${ms(95)} ms, p99 ${ms(99)} ms; found their photo in ${found}/${LOOKUPS}`,
    );
    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      database.db,
      `explain (analyze, buffers) ${SAME_PHOTOS_SQL}`,
      samePhotoParams(null, copies[0]!.hashes),
    );
    const text = plan.map((row) => row['QUERY PLAN']);
    const candidates = text.find((line) => line.includes('CTE Scan on candidates'));
    console.log(
      `one lookup's plan: ${candidates?.trim() ?? '(no CTE scan line)'}; ${text.find((line) => line.startsWith('Execution Time'))}`,
    );
  } finally {
    await database.close();
    await cleanup();
  }
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const { photos, cards } = await drawn();
  console.log(`${photos.length} drawn photos and ${cards.length} KTP cards hashed in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  bandSpread(photos, `${photos.length} photos`);
  bandSpread(cards, `${cards.length} KTP cards`);
  await recall([...photos.slice(0, RECALL_PHOTOS), ...cards.slice(0, RECALL_PHOTOS)]);
  const a = await falseMatches(photos, 'photos');
  const b = await falseMatches(cards, 'KTP cards');
  comparisonAlone(photos.slice(0, 60), 'photos');
  comparisonAlone(cards, 'KTP cards');
  const pairs = a.pairs + b.pairs;
  const matches = a.matches + b.matches;
  console.log(
    `false matches: ${matches} in ${pairs.toLocaleString('en')} pairs (${((matches / pairs) * 100_000).toFixed(2)} per 100,000) [<= 1]`,
  );
  hashTimes.sort((x, y) => x - y);
  compareTimes.sort((x, y) => x - y);
  console.log(
    `time per photo: hashes (decode + ${HASHES_PER_PHOTO} DCTs) p50 ${percentile(hashTimes, 50).toFixed(1)} ms, p95 ${percentile(hashTimes, 95).toFixed(1)} ms; one comparison p50 ${percentile(compareTimes, 50).toFixed(1)} ms, p95 ${percentile(compareTimes, 95).toFixed(1)} ms`,
  );
  if (ROWS > 0) await lookup(photos.slice(0, REAL_IN_LOOKUP));
}

await main();
