import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DuplicateKey, DuplicateList } from '../../domain/workbench.js';
import { normalizeStatus } from '../../domain/vocabularies.js';
import type { Db } from '../db/database.js';
import { merchants } from '../db/schema.js';

const other = alias(merchants, 'other');

/**
 * Another live merchant sharing a key with `merchants` (the outer row): the same NIK (its keyed hash: the
 * value is encrypted), the same account number at the same bank, the same phone (stored normalised), the same
 * e-mail ignoring case. Each arm has its index (nik_hash, no_rekening_hash, no_hp, lower(email)), so
 * PostgreSQL answers with a BitmapOr of four index probes, never a scan.
 */
// Written out with both table names: inside a one-table select Drizzle leaves column names unqualified,
// which in a subquery over the same table would bind to the inner row.
const SHARES_KEY = `("other"."nik_hash" = "merchants"."nik_hash"
    or ("other"."no_rekening_hash" = "merchants"."no_rekening_hash" and "other"."nama_bank" = "merchants"."nama_bank")
    or "other"."no_hp" = "merchants"."no_hp"
    or lower("other"."email") = lower("merchants"."email"))`;
const sharesKey = (): SQL => sql.raw(SHARES_KEY);

/** For the list: whether the row has a possible duplicate (one EXISTS per row of the page). */
export const hasDuplicatesColumn = sql<boolean>`exists (select 1 from "merchants" as "other"
  where "other"."is_deleted" = false and "other"."id" <> "merchants"."id" and ${sharesKey()})`;

/** At most this many are listed: a key shared more widely is a test value or fraud, and 50 names say so. */
export const DUPLICATE_LIMIT = 50;

/** GET /api/admin/merchants/{id}/duplicates: one query, the keys each other merchant shares. */
export async function findDuplicates(db: Db, id: string): Promise<DuplicateList> {
  const rows = await db
    .select({
      id: other.id,
      kodePendaftaran: other.kodePendaftaran,
      namaToko: other.namaToko,
      status: other.status,
      nik: sql<boolean>`coalesce(${other.nikHash} = ${merchants.nikHash}, false)`,
      noRekening: sql<boolean>`coalesce(${other.noRekeningHash} = ${merchants.noRekeningHash} and ${other.namaBank} = ${merchants.namaBank}, false)`,
      noHp: sql<boolean>`${other.noHp} = ${merchants.noHp}`,
      email: sql<boolean>`lower(${other.email}) = lower(${merchants.email})`,
    })
    .from(merchants)
    .innerJoin(other, and(eq(other.isDeleted, false), sql`${other.id} <> ${merchants.id}`, sharesKey()))
    .where(and(eq(merchants.id, id), eq(merchants.isDeleted, false)))
    .orderBy(other.submittedAt, other.id)
    .limit(DUPLICATE_LIMIT);
  return rows.map((row) => {
    const matched: DuplicateKey[] = [];
    if (row.nik) matched.push('nik');
    if (row.noRekening) matched.push('no_rekening');
    if (row.noHp) matched.push('no_hp');
    if (row.email) matched.push('email');
    return { id: row.id, kode_pendaftaran: row.kodePendaftaran, nama_toko: row.namaToko, status: normalizeStatus(row.status), matched_on: matched };
  });
}

/** For one merchant's detail: the list's EXISTS. */
export async function hasDuplicates(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ found: hasDuplicatesColumn }).from(merchants).where(eq(merchants.id, id));
  return row?.found ?? false;
}
