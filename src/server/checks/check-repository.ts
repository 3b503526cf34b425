import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { queryRows } from '../db/query-rows.js';
import { merchantChecks, type MerchantCheckRow } from '../db/schema.js';
import type { PlannedCheck } from './check-plan.js';

export type CheckOutcome = { result: 'lulus' | 'peringatan' | 'gagal' | 'tidak_terbaca'; detail: string; data?: unknown };

export async function listStoredChecks(db: Db, merchantId: string): Promise<MerchantCheckRow[]> {
  return db.select().from(merchantChecks).where(eq(merchantChecks.merchantId, merchantId));
}

/**
 * A check's result for its version, stored once (a job run again after a crash finds it there and keeps
 * it); results of the slot's earlier versions go, so the queue counts only current warnings.
 */
export async function storeCheck(db: Db, merchantId: string, check: PlannedCheck, outcome: CheckOutcome, now: Date): Promise<void> {
  await queryRows(
    db,
    `insert into merchant_checks (merchant_id, kind, slot, version, result, detail, data, checked_at)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
     on conflict (merchant_id, kind, slot, version) do nothing`,
    [
      merchantId,
      check.kind,
      check.slot,
      check.version,
      outcome.result,
      outcome.detail,
      outcome.data === undefined ? null : JSON.stringify(outcome.data),
      now,
    ],
  );
  await queryRows(db, `delete from merchant_checks where merchant_id = $1 and kind = $2 and slot = $3 and version <> $4`, [
    merchantId,
    check.kind,
    check.slot,
    check.version,
  ]);
}

/**
 * Another registration's photo turned out to be the same as a later one: its own foto_duplikat result (of
 * its current photo) gains the later registration's code, whether or not its own check has run yet.
 */
export async function addDuplicateMatch(
  db: Db,
  merchantId: string,
  slot: string,
  version: string,
  match: string,
  detail: string,
  now: Date,
): Promise<void> {
  await queryRows(
    db,
    `insert into merchant_checks (merchant_id, kind, slot, version, result, detail, data, checked_at)
     values ($1, 'foto_duplikat', $2, $3, 'peringatan', $4, jsonb_build_array($5::text), $6)
     on conflict (merchant_id, kind, slot, version) do update set
       result = 'peringatan',
       checked_at = excluded.checked_at,
       data = (select jsonb_agg(distinct value) from jsonb_array_elements_text(coalesce(merchant_checks.data, '[]'::jsonb) || excluded.data))`,
    [merchantId, slot, version, detail, match, now],
  );
}

const WARNED = `from "merchant_checks" as "c" where "c"."merchant_id" = "merchants"."id" and "c"."result" in ('peringatan', 'gagal', 'tidak_terbaca')`;

/**
 * The list's count of current warnings per merchant (older versions' results are deleted when a new one
 * is stored), one probe of the results' unique index per row of the page.
 */
export const checkWarningsColumn = sql<number>`(select count(*)::int ${sql.raw(WARNED)})`;

/** The queue's 'Ada peringatan' filter. */
export const hasCheckWarnings = sql`exists (select 1 ${sql.raw(WARNED)})`;

type PhotoDuplicate = { id: string; kode_pendaftaran: string; nama_toko: string; status: string; slots: string[] };

/**
 * The live registrations this one's foto_duplikat results name (each stored label starts with the other's
 * code), with this registration's slots that matched: the workbench's duplicates panel.
 */
export async function findPhotoDuplicates(db: Db, merchantId: string): Promise<PhotoDuplicate[]> {
  return queryRows<PhotoDuplicate>(
    db,
    `select o.id, o.kode_pendaftaran, o.nama_toko, o.status, array_agg(distinct c.slot order by c.slot) as slots
     from merchant_checks c
     cross join lateral jsonb_array_elements_text(c.data) as d(label)
     join merchants o on o.kode_pendaftaran = split_part(d.label, ' ', 1)
     where c.merchant_id = $1 and c.kind = 'foto_duplikat' and c.data is not null
       and o.id <> $1 and o.is_deleted = false and o.purged_at is null
     group by o.id, o.kode_pendaftaran, o.nama_toko, o.status, o.submitted_at
     order by o.submitted_at, o.id`,
    [merchantId],
  );
}
