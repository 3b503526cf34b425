import { sql } from 'drizzle-orm';
import type { FixField } from '../../domain/perbaikan-texts.js';
import type { Db } from '../db/database.js';
import { executeRows } from '../db/query-rows.js';

/** The bank account as a fix link can change it: a change means the payouts may go to someone else. */
export const BANK_FIELDS = ['nama_bank', 'no_rekening', 'nama_rekening'] as const satisfies readonly FixField[];

/**
 * Fields whose change through a fix link is told to the address the registration had before: a link
 * that fell into the wrong hands could otherwise move the contact and the payouts without anyone noticing.
 */
export const NOTICE_FIELDS = ['email', 'no_hp', ...BANK_FIELDS] as const satisfies readonly FixField[];

/**
 * Whether a resubmission changed the bank account since the registration. Read from the `changed` field
 * names of the merchant's resubmission audit rows (never values), through the audit target index.
 */
export async function bankChangedByApplicant(db: Db, merchantId: string): Promise<boolean> {
  const bank = sql.raw(`array[${BANK_FIELDS.map((f) => `'${f}'`).join(', ')}]`);
  const [row] = await executeRows<{ changed: boolean }>(
    db,
    sql`select exists (
          select 1 from audit_logs
          where target_table = 'merchants' and target_id = ${merchantId} and action = 'resubmission'
            and jsonb_typeof(diff -> 'changed') = 'array' and (diff -> 'changed') ?| ${bank}
        ) as changed`,
  );
  return row?.changed === true;
}
