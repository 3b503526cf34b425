import type { Db } from '../db/database.js';
import { queryRows } from '../db/query-rows.js';
import { bandProbes, bands, SAME_PHOTO_MAX_DISTANCE, toSigned } from './photo-hash.js';

export type SamePhoto = { merchant_id: string; kode_pendaftaran: string; slot: string; storage_key: string };

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
  const rows = hashes.map((hash, variant) => {
    const [b0, b1, b2, b3] = bands(hash);
    return [variant, toSigned(hash).toString(), b0, b1, b2, b3];
  });
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
 * The photos of other live registrations within SAME_PHOTO_MAX_DISTANCE of any of these hashes. Each band
 * is one index probe over its value and one-bit neighbours (pigeonhole: within distance 7 some band is
 * within 1); the exact distance is computed on those candidates only. Only a registration's current
 * document counts: a replaced photo's hashes are ignored until the job removes them.
 */
/** Candidates looked at more closely per photo: each costs a fine comparison (photo-compare.ts). */
const CANDIDATE_LIMIT = 20;

export const SAME_PHOTOS_SQL = `
select distinct p.merchant_id, m.kode_pendaftaran, p.slot, p.storage_key
from photo_hashes p
join merchants m on m.id = p.merchant_id
where (p.b0 = any($2::int[]) or p.b1 = any($3::int[]) or p.b2 = any($4::int[]) or p.b3 = any($5::int[]))
  and p.merchant_id <> $1
  and m.is_deleted = false and m.purged_at is null
  and p.storage_key in (m.foto_ktp, m.foto_selfie_ktp, m.foto_kk, m.foto_usaha, m.foto_produk, m.npwp_file, m.siup_nib_file)
  and exists (select 1 from unnest($6::bigint[]) as q(h) where bit_count((p.hash # q.h)::bit(64)) <= ${SAME_PHOTO_MAX_DISTANCE})
order by m.kode_pendaftaran, p.slot
limit ${CANDIDATE_LIMIT}`;

export function samePhotoParams(merchantId: string | null, hashes: bigint[]): unknown[] {
  const perBand = [0, 1, 2, 3].map((i) => [...new Set(hashes.flatMap((hash) => bandProbes(bands(hash)[i]!)))]);
  // A nil id excludes nobody (the bench looks up photos of no registration).
  return [merchantId ?? '00000000-0000-0000-0000-000000000000', ...perBand, hashes.map((hash) => toSigned(hash).toString())];
}

export async function findSamePhotos(db: Db, merchantId: string, hashes: bigint[]): Promise<SamePhoto[]> {
  return queryRows<SamePhoto>(db, SAME_PHOTOS_SQL, samePhotoParams(merchantId, hashes));
}
