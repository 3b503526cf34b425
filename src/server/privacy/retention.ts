import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DOCUMENT_SLOTS } from '../../domain/document-slots.js';
import { writeAudit } from '../audit/audit-repository.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { fixRequests, merchants, outboxMessages, uploads, type MerchantRow } from '../db/schema.js';
import { SLOT_COLUMNS } from '../merchants/merchant-mapping.js';
import type { Storage } from '../storage/storage.js';

/** What replaces a removed personal value: readable in the admin screens, never mistaken for data. */
export const PURGED_MARKER = '[dihapus]';
const DAY_MS = 24 * 3_600_000;
const BATCH = 100;
// Any fixed number shared by every instance: the one that holds it runs the pass, the others skip it.
const RETENTION_LOCK = 728_310_044;

export type RetentionDeps = { db: Db; storage: Storage; config: Pick<Config, 'RETENTION_REJECTED_DAYS' | 'RETENTION_DELETED_DAYS'>; now: () => Date };
export type RetentionCandidate = { id: string; kode_pendaftaran: string; nama_toko: string; reason: 'rejected' | 'deleted'; since: string };

function dueCondition(deps: RetentionDeps) {
  const now = deps.now().getTime();
  const rejectedBefore = new Date(now - deps.config.RETENTION_REJECTED_DAYS * DAY_MS);
  const deletedBefore = new Date(now - deps.config.RETENTION_DELETED_DAYS * DAY_MS);
  return and(
    isNull(merchants.purgedAt),
    or(and(eq(merchants.isDeleted, true), lt(merchants.updatedAt, deletedBefore)), and(eq(merchants.status, 'rejected'), lt(merchants.updatedAt, rejectedBefore))),
  )!;
}

const reasonOf = (row: Pick<MerchantRow, 'isDeleted'>) => (row.isDeleted ? 'deleted' : 'rejected');

/** The merchants whose personal data is past its retention window (npm run retention -- --dry-run). */
export async function listRetentionDue(deps: RetentionDeps, limit = 10_000): Promise<RetentionCandidate[]> {
  const rows = await deps.db
    .select({ id: merchants.id, kode: merchants.kodePendaftaran, nama: merchants.namaToko, isDeleted: merchants.isDeleted, updatedAt: merchants.updatedAt })
    .from(merchants)
    .where(dueCondition(deps))
    .orderBy(asc(merchants.updatedAt))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, kode_pendaftaran: row.kode, nama_toko: row.nama, reason: reasonOf(row), since: row.updatedAt.toISOString() }));
}

/**
 * UU PDP Art. 43-44: a rejected registration (RETENTION_REJECTED_DAYS after its last change) or a
 * deleted one (RETENTION_DELETED_DAYS) loses its documents and its owner's personal data; the code,
 * store name, status and dates stay, so the trail still reads. One batch per transaction under an
 * advisory lock (one instance at a time); files go after the commit, a missing file is no error.
 */
export async function purgeDueMerchants(deps: RetentionDeps): Promise<number> {
  let purged = 0;
  for (;;) {
    const keys: string[] = [];
    const count = await deps.db.transaction(async (tx) => {
      const locked = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`);
      if (!(locked as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return 0;
      const rows = await tx.select().from(merchants).where(dueCondition(deps)).orderBy(asc(merchants.updatedAt)).limit(BATCH).for('update', { skipLocked: true });
      for (const row of rows) keys.push(...(await purgeOne(tx, row, deps.now())));
      return rows.length;
    });
    await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
    purged += count;
    if (count < BATCH) return purged;
  }
}

export type PurgeReason = 'rejected' | 'deleted' | 'subject_request';

/** Removes one merchant's documents (rows here, files by the caller after commit) and personal fields. */
export async function purgeOne(tx: Db, row: MerchantRow, now: Date, reason: PurgeReason = reasonOf(row)): Promise<string[]> {
  const slotKeys = DOCUMENT_SLOTS.map((slot) => row[SLOT_COLUMNS[slot]]).filter((key): key is string => Boolean(key));
  // Replaced documents stay as upload rows: their files go too.
  const staged = await tx.delete(uploads).where(eq(uploads.claimedBy, row.id)).returning({ key: uploads.storageKey });
  const keys = [...new Set([...slotKeys, ...staged.map((upload) => upload.key)])];
  // E-mails to the applicant hold their address and name; fix requests their reasons (issue 15).
  await tx.delete(outboxMessages).where(eq(outboxMessages.merchantId, row.id));
  await tx.delete(fixRequests).where(eq(fixRequests.merchantId, row.id));
  const cleared = Object.fromEntries(DOCUMENT_SLOTS.map((slot) => [SLOT_COLUMNS[slot], null]));
  await tx
    .update(merchants)
    .set({
      ...cleared,
      nik: PURGED_MARKER,
      nikHash: null,
      noRekening: PURGED_MARKER,
      noRekeningHash: null,
      noHp: PURGED_MARKER,
      email: PURGED_MARKER,
      alamatJalan: PURGED_MARKER,
      alamatPemilik: PURGED_MARKER,
      namaPemilik: PURGED_MARKER,
      namaRekening: PURGED_MARKER,
      kodePos: PURGED_MARKER,
      catatanAdmin: null,
      receiptTokenHash: null,
      purgedAt: now,
      // An erased applicant is gone from the admin list too; the row stays for the trail.
      ...(reason === 'subject_request' ? { isDeleted: true } : {}),
    })
    .where(eq(merchants.id, row.id));
  await writeAudit(tx, {
    actorId: null,
    action: 'retention_purge',
    targetTable: 'merchants',
    targetId: row.id,
    diff: { merchant_name: row.namaToko, kode_pendaftaran: row.kodePendaftaran, reason, documents: keys.length },
    ip: null,
    userAgent: null,
  });
  return keys;
}

const DAILY_MS = 24 * 3_600_000;

/** At start and then daily; returns a stop function. The timer never keeps the process alive. */
export function startRetention(app: FastifyInstance, intervalMs = DAILY_MS): () => void {
  const run = () =>
    void purgeDueMerchants(app.deps)
      .then((count) => {
        if (count > 0) app.log.info({ count }, 'retention: personal data of rejected or deleted merchants removed');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'retention pass failed'));
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return () => clearInterval(timer);
}
