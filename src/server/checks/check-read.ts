import { CHECK_MESSAGES, type MachineCheck } from '../../domain/machine-checks.js';
import type { Db } from '../db/database.js';
import type { MerchantRow } from '../db/schema.js';
import { planChecks, planKey } from './check-plan.js';
import { listStoredChecks } from './check-repository.js';

/**
 * GET /api/admin/merchants/{id}/checks: every check the registration should have, with its stored result
 * when one exists for the current document or values, else `menunggu`. A duplicate's detail is rebuilt
 * from the codes stored with it, so an earlier registration shows every later one found to share its photo.
 */
export async function merchantChecksFor(db: Db, row: MerchantRow): Promise<MachineCheck[]> {
  const stored = new Map((await listStoredChecks(db, row.id)).map((check) => [planKey(check), check]));
  return planChecks(row).map((check) => {
    const found = stored.get(planKey(check));
    const slot = check.slot === '' ? {} : { slot: check.slot };
    if (!found) return { kind: check.kind, result: 'menunggu', detail: CHECK_MESSAGES.pending, ...slot, checked_at: null };
    const codes = Array.isArray(found.data) ? (found.data as string[]) : [];
    const detail = check.kind === 'foto_duplikat' && codes.length > 0 ? CHECK_MESSAGES.duplicate(check.slot, codes) : found.detail;
    return { kind: check.kind, result: found.result as MachineCheck['result'], detail, ...slot, checked_at: found.checkedAt.toISOString() };
  });
}
