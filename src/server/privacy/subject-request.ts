import { asc, eq } from 'drizzle-orm';
import { DOCUMENT_SLOTS } from '../../domain/document-slots.js';
import { writeAudit } from '../audit/audit-repository.js';
import type { Db } from '../db/database.js';
import { auditLogs, merchants, uploads, type MerchantRow } from '../db/schema.js';
import { SLOT_COLUMNS } from '../merchants/merchant-mapping.js';
import type { Storage } from '../storage/storage.js';
import { PURGE_COLUMNS, purgeMerchants } from './retention.js';

export type SubjectDeps = { db: Db; storage: Storage; now: () => Date };

export class SubjectNotFoundError extends Error {}

async function findByCode(db: Db, code: string): Promise<MerchantRow> {
  const [row] = await db.select().from(merchants).where(eq(merchants.kodePendaftaran, code.trim().toUpperCase()));
  if (!row) throw new SubjectNotFoundError(`No registration with code ${code}`);
  return row;
}

/** Storage keys and credentials are ours, not the applicant's data; everything else of the row is. */
function personalRecord(row: MerchantRow) {
  const { receiptTokenHash: _token, idempotencyKey: _key, nikHash: _nik, noRekeningHash: _account, createdBy: _by, ...record } = row;
  for (const slot of DOCUMENT_SLOTS) delete (record as Record<string, unknown>)[SLOT_COLUMNS[slot]];
  return record;
}

/**
 * UU PDP Art. 7-8 (access, portability): everything held about one registration, the documents
 * included (base64), as one JSON value. The export itself is recorded in the audit trail.
 */
export async function exportSubject(deps: SubjectDeps, code: string) {
  const row = await findByCode(deps.db, code);
  const documents = [];
  for (const slot of DOCUMENT_SLOTS) {
    const key = row[SLOT_COLUMNS[slot]];
    if (!key) continue;
    const bytes = await deps.storage.get(key);
    documents.push({ slot, file: key.split('/').pop(), size: bytes?.length ?? 0, base64: bytes ? bytes.toString('base64') : null });
  }
  const trail = await deps.db.select().from(auditLogs).where(eq(auditLogs.targetId, row.id)).orderBy(asc(auditLogs.id));
  const staged = await deps.db.select({ slot: uploads.slot, size: uploads.size, originalName: uploads.originalName, createdAt: uploads.createdAt }).from(uploads).where(eq(uploads.claimedBy, row.id));
  await writeAudit(deps.db, { actorId: null, action: 'export', targetTable: 'merchants', targetId: row.id, diff: { subject_request: 'export', kode_pendaftaran: row.kodePendaftaran }, ip: null, userAgent: null });
  return {
    exported_at: deps.now().toISOString(),
    merchant: personalRecord(row),
    documents,
    uploads: staged,
    activity: trail.map((entry) => ({ action: entry.action, at: entry.createdAt, diff: entry.diff })),
  };
}

/** UU PDP Art. 8 and 16 (erasure): the retention purge at once, whatever the status, and out of the list. */
export async function eraseSubject(deps: SubjectDeps, code: string): Promise<{ documents: number }> {
  const found = await findByCode(deps.db, code);
  const keys = await deps.db.transaction(async (tx) => {
    const rows = await tx.select(PURGE_COLUMNS).from(merchants).where(eq(merchants.id, found.id)).for('update');
    return purgeMerchants(tx, rows, deps.now(), 'subject_request');
  });
  await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
  return { documents: keys.length };
}
