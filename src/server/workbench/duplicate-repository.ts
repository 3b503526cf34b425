import { eq, sql } from 'drizzle-orm';
import { photoLabel } from '../../domain/machine-checks.js';
import { normalizeStatus } from '../../domain/vocabularies.js';
import type { DuplicateKey, DuplicateList } from '../../domain/workbench.js';
import { findPhotoDuplicates } from '../checks/public.js';
import type { Db } from '../db/database.js';
import { queryRows } from '../db/query-rows.js';
import { merchants } from '../db/schema.js';

/*
 * A possible duplicate is another live merchant with the same NIK (its keyed hash: the value is encrypted),
 * the same account number at the same bank, the same phone (stored normalised) or the same e-mail ignoring
 * case. Each key is its own probe of its own index (nik_hash, no_rekening_hash, no_hp, lower(email)): one
 * condition ORing the four made PostgreSQL scan the whole table for every row (11 s for a page at 100k).
 * Written out with both table names: inside a one-table select Drizzle leaves column names unqualified,
 * which in a subquery over the same table would bind to the inner row.
 */
// A purged row holds '[dihapus]' for phone and e-mail: purged rows are nobody's duplicates, not even each other's.
const probe = (condition: string) =>
  `exists (select 1 from "merchants" as "other" where ${condition} and "other"."id" <> "merchants"."id" and "other"."is_deleted" = false and "other"."purged_at" is null)`;

/** For the list: whether the row has a possible duplicate (four index probes per row of the page). */
export const hasDuplicatesColumn = sql<boolean>`("merchants"."purged_at" is null and (${sql.raw(
  [
    probe(`"other"."nik_hash" = "merchants"."nik_hash"`),
    probe(`"other"."no_rekening_hash" = "merchants"."no_rekening_hash" and "other"."nama_bank" = "merchants"."nama_bank"`),
    probe(`"other"."no_hp" = "merchants"."no_hp"`),
    probe(`lower("other"."email") = lower("merchants"."email")`),
  ].join(' or '),
)}))`;

/** At most this many are listed: a key shared more widely is a test value or fraud, and 50 names say so. */
export const DUPLICATE_LIMIT = 50;

type DuplicateRow = {
  id: string;
  kode_pendaftaran: string;
  nama_toko: string;
  status: string;
  nik: boolean;
  no_rekening: boolean;
  no_hp: boolean;
  email: boolean;
};

// One statement: the merchant's keys, the four index probes united, the others' rows with the keys they share.
const DUPLICATES_SQL = `
with t as (
  select "id", "nik_hash", "no_rekening_hash", "nama_bank", "no_hp", lower("email") as "email"
  from "merchants" where "id" = $1 and "is_deleted" = false and "purged_at" is null
)
select o."id", o."kode_pendaftaran", o."nama_toko", o."status",
  coalesce(o."nik_hash" = t."nik_hash", false) as "nik",
  coalesce(o."no_rekening_hash" = t."no_rekening_hash" and o."nama_bank" = t."nama_bank", false) as "no_rekening",
  o."no_hp" = t."no_hp" as "no_hp",
  lower(o."email") = t."email" as "email"
from t
join lateral (
  select "id" from "merchants" where "nik_hash" = t."nik_hash"
  union select "id" from "merchants" where "no_rekening_hash" = t."no_rekening_hash" and "nama_bank" = t."nama_bank"
  union select "id" from "merchants" where "no_hp" = t."no_hp" and "is_deleted" = false
  union select "id" from "merchants" where lower("email") = t."email" and "is_deleted" = false
) as c on true
join "merchants" as o on o."id" = c."id"
where o."id" <> t."id" and o."is_deleted" = false and o."purged_at" is null
order by o."submitted_at", o."id"
limit ${DUPLICATE_LIMIT}`;

/** GET /api/admin/merchants/{id}/duplicates: one query, the keys each other merchant shares. */
export async function findDuplicates(db: Db, id: string): Promise<DuplicateList> {
  const rows = await queryRows<DuplicateRow>(db, DUPLICATES_SQL, [id]);
  const list: DuplicateList = rows.map((row) => {
    const matched = (['nik', 'no_rekening', 'no_hp', 'email'] as const).filter((key) => row[key]) satisfies DuplicateKey[];
    return {
      id: row.id,
      kode_pendaftaran: row.kode_pendaftaran,
      nama_toko: row.nama_toko,
      status: normalizeStatus(row.status),
      matched_on: matched,
    };
  });
  // The reused photos the machine checks found: added to the same merchant's entry, or an entry of their own.
  for (const photo of await findPhotoDuplicates(db, id)) {
    const entry = list.find((item) => item.id === photo.id);
    const photos = photo.slots.map(photoLabel);
    if (entry) Object.assign(entry, { matched_on: [...entry.matched_on, 'foto'], photos });
    else
      list.push({
        id: photo.id,
        kode_pendaftaran: photo.kode_pendaftaran,
        nama_toko: photo.nama_toko,
        status: normalizeStatus(photo.status),
        matched_on: ['foto'],
        photos,
      });
  }
  return list.slice(0, DUPLICATE_LIMIT);
}

/** For one merchant's detail: the list's probes. */
export async function hasDuplicates(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ found: hasDuplicatesColumn }).from(merchants).where(eq(merchants.id, id));
  return row?.found ?? false;
}
