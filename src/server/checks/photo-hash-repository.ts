import type { Db } from '../db/database.js';
import { queryRows } from '../db/query-rows.js';
import { bands, SAME_PHOTO_MAX_DISTANCE, toSigned, WHOLE_PHOTO } from './photo-hash.js';

export type SamePhoto = { merchant_id: string; kode_pendaftaran: string; slot: string; storage_key: string; distance: number };

/**
 * A photo's hashes, in place of the slot's earlier photo. Written once per storage key: a job run again
 * after a crash finds them there.
 */
export async function storePhotoHashes(db: Db, merchantId: string, slot: string, storageKey: string, hashes: bigint[]): Promise<void> {
  await queryRows(db, `delete from photo_hashes where merchant_id = $1 and slot = $2 and storage_key <> $3`, [
    merchantId,
    slot,
    storageKey,
  ]);
  const rows = hashes.map((hash, variant) => [variant, toSigned(hash).toString(), ...bands(hash)]);
  await queryRows(
    db,
    `insert into photo_hashes (merchant_id, slot, storage_key, variant, hash, b0, b1, b2, b3)
     select $1, $2, $3, v, h, b0, b1, b2, b3
     from unnest($4::int[], $5::bigint[], $6::int[], $7::int[], $8::int[], $9::int[]) as t(v, h, b0, b1, b2, b3)
     on conflict (storage_key, variant) do nothing`,
    [merchantId, slot, storageKey, ...[0, 1, 2, 3, 4, 5].map((column) => rows.map((row) => row[column]))],
  );
}

/**
 * Candidates looked at more closely per photo, nearest first: each costs the stored photo's decoding and
 * an aligned comparison (photo-compare.ts).
 */
export const CANDIDATE_LIMIT = 20;

/**
 * The photos of other live registrations that one of these hashes comes within SAME_PHOTO_MAX_DISTANCE
 * of: the whole photo's hash against every stored hash (the other photo whole, or a window of it), and the
 * windows' hashes against the stored whole photos (this photo is the larger one). Within distance 3 two
 * hashes are equal in one of their four 16-bit bands (pigeonhole), so each band is one probe of its
 * (band, variant) index per value, and the exact distance is computed on the rows those probes return.
 * The candidate rows are gathered first (materialised) so that the plan starts from the indexes whatever
 * the statistics say. Only a registration's current document counts: a replaced photo's hashes are
 * ignored until the job removes them.
 */
export const SAME_PHOTOS_SQL = `
with query as (select h, v from unnest($2::bigint[], $3::int[]) as q(h, v)),
candidates as materialized (
  select merchant_id, slot, storage_key, variant, hash from photo_hashes
  where b0 = any($4::int[]) or b1 = any($5::int[]) or b2 = any($6::int[]) or b3 = any($7::int[])
  union
  select merchant_id, slot, storage_key, variant, hash from photo_hashes
  where variant = ${WHOLE_PHOTO} and (b0 = any($8::int[]) or b1 = any($9::int[]) or b2 = any($10::int[]) or b3 = any($11::int[]))
),
near as (
  select c.merchant_id, c.slot, c.storage_key, min(bit_count((c.hash # q.h)::bit(64)))::int as distance
  from candidates c
  join query q on q.v = ${WHOLE_PHOTO} or c.variant = ${WHOLE_PHOTO}
  where bit_count((c.hash # q.h)::bit(64)) <= ${SAME_PHOTO_MAX_DISTANCE}
  group by c.merchant_id, c.slot, c.storage_key
)
select n.merchant_id, m.kode_pendaftaran, n.slot, n.storage_key, n.distance
from near n
join merchants m on m.id = n.merchant_id
where n.merchant_id <> $1
  and m.is_deleted = false and m.purged_at is null
  and n.storage_key in (m.foto_ktp, m.foto_selfie_ktp, m.foto_kk, m.foto_usaha, m.foto_produk, m.npwp_file, m.siup_nib_file)
order by n.distance, m.kode_pendaftaran, n.slot
limit ${CANDIDATE_LIMIT}`;

/** Parameters of SAME_PHOTOS_SQL for a photo's hashes (photoHashes: the whole photo first). */
export function samePhotoParams(merchantId: string | null, hashes: bigint[]): unknown[] {
  const [whole, ...windows] = hashes;
  const windowBands = [0, 1, 2, 3].map((i) => [...new Set(windows.map((hash) => bands(hash)[i]!))]);
  return [
    // A nil id excludes nobody (the bench looks up photos of no registration).
    merchantId ?? '00000000-0000-0000-0000-000000000000',
    hashes.map((hash) => toSigned(hash).toString()),
    hashes.map((_, variant) => variant),
    ...bands(whole!).map((band) => [band]),
    ...windowBands,
  ];
}

export async function findSamePhotos(db: Db, merchantId: string, hashes: bigint[]): Promise<SamePhoto[]> {
  return queryRows<SamePhoto>(db, SAME_PHOTOS_SQL, samePhotoParams(merchantId, hashes));
}
