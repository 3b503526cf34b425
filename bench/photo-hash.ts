/**
 * The reused-photo check (docs/decisions/0036), measured: `npm run bench:phash [-- --photos 430 --cards 30 --rows 5000000]`.
 *
 * 1. Recall: each photo against a recompressed (JPEG quality 50), a rescaled (50 %) and a 5 %-cropped copy
 *    (5 % off the width and the height, at a random place), through both stages of the check (the 64-bit
 *    pHash within distance 7 over the crop variants, then the fine comparison).
 * 2. False matches among distinct photos: every pair of drawn photos (shapes) and of drawn KTP cards (one
 *    template, the hard case), through the same two stages.
 * 3. Lookup: p50/p95/p99 of the indexed lookup at --rows stored hashes (PGlite in a temporary folder, or
 *    DATABASE_URL's server), inserted with generate_series.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { FINE_MAX_DISTANCE, fineDistance } from '../src/server/checks/photo-compare.js';
import { SAME_PHOTOS_SQL, samePhotoParams } from '../src/server/checks/photo-hash-repository.js';
import { hammingDistance, photoHashes, SAME_PHOTO_MAX_DISTANCE } from '../src/server/checks/photo-hash.js';
import { installKeyring } from '../src/server/crypto/identity-fields.js';
import { Keyring } from '../src/server/crypto/keyring.js';
import { queryRows } from '../src/server/db/query-rows.js';
import { merchants } from '../src/server/db/schema.js';
import { createRandom, fakeMerchant } from '../src/server/seed/fake-merchants.js';
import { distinctPhoto, seeded } from '../tests/support/check-photos.js';
import { drawKtpCard, randomKtpPerson } from '../tests/support/ktp-card.js';
import { benchArgs, openBenchDatabase, percentile } from './bench-kit.js';

const {
  photos: PHOTOS,
  cards: CARDS,
  rows: ROWS,
  lookups: LOOKUPS,
} = benchArgs({
  photos: 430,
  cards: 30,
  rows: 5_000_000,
  lookups: 300,
});

type Hashed = { image: Buffer; hashes: bigint[] };

const coarse = (a: bigint[], b: bigint[]) => a.some((x) => b.some((y) => hammingDistance(x, y) <= SAME_PHOTO_MAX_DISTANCE));
async function same(a: Hashed, b: Hashed): Promise<boolean> {
  return coarse(a.hashes, b.hashes) && (await fineDistance(a.image, b.image)) <= FINE_MAX_DISTANCE;
}
async function hashed(image: Buffer): Promise<Hashed> {
  return { image, hashes: await photoHashes(image) };
}

const TRANSFORMS: Record<string, (image: Buffer, random: () => number) => Promise<Buffer>> = {
  'recompressed (q50)': (image) => sharp(image).jpeg({ quality: 50 }).toBuffer(),
  'rescaled (50 %)': async (image) => {
    const { width } = await sharp(image).metadata();
    return sharp(image)
      .resize(Math.round(width! / 2))
      .jpeg({ quality: 80 })
      .toBuffer();
  },
  'cropped (5 %)': async (image, random) => {
    const { width, height } = await sharp(image).metadata();
    const dx = Math.round(width! * 0.05);
    const dy = Math.round(height! * 0.05);
    const left = Math.round(random() * dx);
    const top = Math.round(random() * dy);
    return sharp(image)
      .extract({ left, top, width: width! - dx, height: height! - dy })
      .jpeg({ quality: 80 })
      .toBuffer();
  },
};

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
    let found = 0;
    for (const original of all) if (await same(original, await hashed(await transform(original.image, random)))) found += 1;
    console.log(`recall ${name.padEnd(20)} ${(found / all.length).toFixed(3)} (${found}/${all.length})`);
  }
}

async function falseMatches(group: Hashed[], name: string): Promise<{ pairs: number; matches: number }> {
  let pairs = 0;
  let coarseOnly = 0;
  let matches = 0;
  for (let i = 0; i < group.length; i += 1) {
    for (let j = i + 1; j < group.length; j += 1) {
      pairs += 1;
      if (!coarse(group[i]!.hashes, group[j]!.hashes)) continue;
      coarseOnly += 1;
      if ((await fineDistance(group[i]!.image, group[j]!.image)) <= FINE_MAX_DISTANCE) matches += 1;
    }
  }
  console.log(`distinct ${name.padEnd(14)} ${pairs} pairs: ${coarseOnly} within the 64-bit distance, ${matches} confirmed (false matches)`);
  return { pairs, matches };
}

async function lookup(sample: Hashed[]): Promise<void> {
  installKeyring(new Keyring(Buffer.alloc(32, 3)));
  const { database, cleanup } = await openBenchDatabase(mkdtempSync(path.join(tmpdir(), 'aipos-phash-')));
  try {
    const [owner] = await database.db
      .insert(merchants)
      .values(fakeMerchant({ index: 0, random: createRandom(3), now: new Date(), status: 'processing' }))
      .returning({ id: merchants.id });
    await queryRows(database.db, `update merchants set foto_ktp = 'bench-0' where id = $1`, [owner!.id]);
    const started = performance.now();
    // Random 64-bit hashes, two 32-bit halves (one double holds 53 random bits only), a million per statement.
    for (let from = 1; from <= ROWS; from += 1_000_000) {
      const to = Math.min(ROWS, from + 999_999);
      await queryRows(
        database.db,
        `insert into photo_hashes (merchant_id, slot, storage_key, variant, hash, b0, b1, b2, b3)
         select $1, 'foto_ktp', 'bench-' || (g / 6), g % 6, h, (h & 65535)::int, ((h >> 16) & 65535)::int, ((h >> 32) & 65535)::int, ((h >> 48) & 65535)::int
         from (select g, ((floor(random() * 4294967296)::bigint << 32) | floor(random() * 4294967296)::bigint) as h from generate_series($2::int, $3::int) as g) as t`,
        [owner!.id, from, to],
      );
    }
    await queryRows(database.db, 'analyze photo_hashes', []);
    console.log(`stored ${ROWS.toLocaleString('en')} hashes in ${((performance.now() - started) / 1000).toFixed(0)} s (${database.kind})`);
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < LOOKUPS; i += 1) {
      const photo = sample[i % sample.length]!;
      const t0 = performance.now();
      const rows = await queryRows(database.db, SAME_PHOTOS_SQL, samePhotoParams(null, photo.hashes));
      times.push(performance.now() - t0);
      found += rows.length;
    }
    times.sort((a, b) => a - b);
    const ms = (p: number) => percentile(times, p).toFixed(1);
    console.log(
      `lookup at ${ROWS.toLocaleString('en')} hashes, ${LOOKUPS} lookups (6 hashes x 4 bands x 17 probes each): p50 ${ms(50)} ms, p95 ${ms(95)} ms, p99 ${ms(99)} ms; ${found} candidates in all`,
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
  await recall([...photos.slice(0, 100), ...cards]);
  const a = await falseMatches(photos, 'photos');
  const b = await falseMatches(cards, 'KTP cards');
  const pairs = a.pairs + b.pairs;
  console.log(
    `false matches: ${a.matches + b.matches} in ${pairs.toLocaleString('en')} pairs (${(((a.matches + b.matches) / pairs) * 100_000).toFixed(2)} per 100,000)`,
  );
  if (ROWS > 0) await lookup(photos.slice(0, 50));
}

await main();
