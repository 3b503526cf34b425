import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DOCUMENT_SLOTS } from '../../domain/document-slots.js';
import { writeAudits } from '../audit/public.js';
import type { Config } from '../config.js';
import { ERASED, ERASED_MARKER } from '../crypto/sealed.js';
import type { Db } from '../db/database.js';
import { SLOT_COLUMNS } from '../db/merchant-columns.js';
import {
  auditLogs,
  fixRequests,
  merchantNotes,
  merchants,
  orders,
  outboxMessages,
  rateLimitCounters,
  uploads,
  type MerchantRow,
} from '../db/schema.js';
import { cancelUnshippedOrders, orderMailConfig, PURGED_REASON } from '../shop/public.js';
import { deleteStoredFiles, recordPendingDeletions, retryPendingDeletions } from '../storage/pending-deletions.js';
import type { Storage } from '../storage/storage.js';

/** What replaces a removed personal value: readable in the admin screens, never mistaken for data. */
export const PURGED_MARKER = ERASED_MARKER;
const DAY_MS = 24 * 3_600_000;
const BATCH = 100;
// Any fixed number shared by every instance: the one that holds it runs the pass, the others skip it.
const RETENTION_LOCK = 728_310_044;

export type RetentionDeps = {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'RETENTION_REJECTED_DAYS' | 'RETENTION_DELETED_DAYS' | 'RETENTION_ABANDONED_DAYS'>;
  now: () => Date;
};
type DueReason = 'rejected' | 'deleted' | 'abandoned';
export type RetentionCandidate = { id: string; kode_pendaftaran: string; nama_toko: string; reason: DueReason; since: string };

/** Statuses of a registration still waiting: for the applicant's fix, or for a review that never came. */
const WAITING_STATUSES = ['processing', 'data_tidak_lengkap'];

function dueCondition(deps: RetentionDeps) {
  const now = deps.now().getTime();
  const rejectedBefore = new Date(now - deps.config.RETENTION_REJECTED_DAYS * DAY_MS);
  const deletedBefore = new Date(now - deps.config.RETENTION_DELETED_DAYS * DAY_MS);
  const abandonedBefore = new Date(now - deps.config.RETENTION_ABANDONED_DAYS * DAY_MS);
  return and(
    isNull(merchants.purgedAt),
    or(
      and(eq(merchants.isDeleted, true), lt(merchants.updatedAt, deletedBefore)),
      and(eq(merchants.status, 'rejected'), lt(merchants.updatedAt, rejectedBefore)),
      and(eq(merchants.isDeleted, false), inArray(merchants.status, WAITING_STATUSES), lt(merchants.updatedAt, abandonedBefore)),
    ),
  )!;
}

const reasonOf = (row: Pick<MerchantRow, 'isDeleted' | 'status'>): DueReason =>
  row.isDeleted ? 'deleted' : row.status === 'rejected' ? 'rejected' : 'abandoned';

/** The merchants whose personal data is past its retention window (npm run retention -- --dry-run). */
export async function listRetentionDue(deps: RetentionDeps, limit = 10_000): Promise<RetentionCandidate[]> {
  const rows = await deps.db
    .select({
      id: merchants.id,
      kode: merchants.kodePendaftaran,
      nama: merchants.namaToko,
      isDeleted: merchants.isDeleted,
      status: merchants.status,
      updatedAt: merchants.updatedAt,
    })
    .from(merchants)
    .where(dueCondition(deps))
    .orderBy(asc(merchants.updatedAt))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    kode_pendaftaran: row.kode,
    nama_toko: row.nama,
    reason: reasonOf(row),
    since: row.updatedAt.toISOString(),
  }));
}

/** The columns a purge reads: what names the merchant in the trail, and where its documents are. */
export const PURGE_COLUMNS = {
  id: merchants.id,
  namaToko: merchants.namaToko,
  kodePendaftaran: merchants.kodePendaftaran,
  isDeleted: merchants.isDeleted,
  status: merchants.status,
  ...Object.fromEntries(DOCUMENT_SLOTS.map((slot) => [SLOT_COLUMNS[slot], merchants[SLOT_COLUMNS[slot]]])),
} as { [K in PurgeColumn]: (typeof merchants)[K] };
type PurgeColumn = 'id' | 'namaToko' | 'kodePendaftaran' | 'isDeleted' | 'status' | (typeof SLOT_COLUMNS)[keyof typeof SLOT_COLUMNS];
type PurgeTarget = Pick<MerchantRow, PurgeColumn>;

/**
 * UU PDP Art. 43-44: a rejected registration (RETENTION_REJECTED_DAYS after its last change), a
 * deleted one (RETENTION_DELETED_DAYS) or one left waiting (RETENTION_ABANDONED_DAYS) loses its documents and its owner's personal data; the code,
 * store name, status and dates stay, so the trail still reads. One batch per transaction under an
 * advisory lock (one instance at a time); files go after the commit, and a file that cannot be deleted
 * stays in pending_deletions, which the end of every pass tries again.
 */
export async function purgeDueMerchants(deps: RetentionDeps): Promise<number> {
  let purged = 0;
  for (;;) {
    const keys: string[] = [];
    const count = await deps.db.transaction(async (tx) => {
      const locked = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`);
      if (!(locked as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return 0;
      const rows = await tx
        .select(PURGE_COLUMNS)
        .from(merchants)
        .where(dueCondition(deps))
        .orderBy(asc(merchants.updatedAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      keys.push(...(await purgeMerchants(tx, rows, deps.now())));
      return rows.length;
    });
    await deleteStoredFiles(deps, keys);
    purged += count;
    if (count < BATCH) break;
    // On the embedded database every statement runs on this thread: between batches, requests get their turn.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await retryPendingDeletions(deps);
  return purged;
}

export type PurgeReason = DueReason | 'subject_request';

/**
 * Removes these merchants' documents (rows here, files by the caller after commit) and personal fields,
 * a statement per table for the whole batch: the first pass over a year of data purges thousands, and
 * statements per merchant kept the embedded database busy for most of a minute (docs/performance.md, memory on PGlite).
 */
export async function purgeMerchants(tx: Db, rows: PurgeTarget[], now: Date, reason?: PurgeReason): Promise<string[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const traces = await applicantTraces(tx, ids);
  // Replaced documents stay as upload rows: their files go too.
  const staged = await tx
    .delete(uploads)
    .where(inArray(uploads.claimedBy, ids))
    .returning({ key: uploads.storageKey, merchantId: uploads.claimedBy });
  // E-mails to the applicant hold their address and name; fix requests their reasons (docs/privacy.md).
  await tx.delete(outboxMessages).where(inArray(outboxMessages.merchantId, ids));
  await tx.delete(fixRequests).where(inArray(fixRequests.merchantId, ids));
  // The team's internal notes speak about the applicant: they go with the rest.
  await tx.delete(merchantNotes).where(inArray(merchantNotes.merchantId, ids));
  // Orders stay (financial records: code, lines, amounts, invoice number); who received them and where,
  // and the buyer's IP, go (docs/privacy.md).
  await tx
    .update(orders)
    .set({
      namaPenerima: PURGED_MARKER,
      noHpPenerima: PURGED_MARKER,
      alamatPengiriman: PURGED_MARKER,
      kodePos: PURGED_MARKER,
      ip: null,
      aksesTokenHashes: [],
    })
    .where(inArray(orders.merchantId, ids));
  const redacted = await redactApplicantAudit(tx, ids);
  // A limiter window keyed by the applicant's address, phone or e-mail would name them until it ends.
  const needles = [...traces.ips, ...traces.contacts];
  if (needles.length > 0) {
    await tx.delete(rateLimitCounters).where(or(...needles.map((needle) => sql`strpos(${rateLimitCounters.key}, ${needle}) > 0`)));
  }
  const cleared = Object.fromEntries(DOCUMENT_SLOTS.map((slot) => [SLOT_COLUMNS[slot], null]));
  await tx
    .update(merchants)
    .set({
      ...cleared,
      nik: ERASED,
      nikHash: null,
      noRekening: ERASED,
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
    .where(inArray(merchants.id, ids));
  // A purged registration gets no device: what it still had open is cancelled (paid ones for refund),
  // after the purge mark, so no mail goes to the address just removed (order-mail.ts).
  await cancelUnshippedOrders(tx, { merchantIds: ids, reason: PURGED_REASON, actor: { id: null }, now, config: orderMailConfig('') });
  const keysOf = (row: PurgeTarget) => {
    const slotKeys = DOCUMENT_SLOTS.map((slot) => row[SLOT_COLUMNS[slot]]).filter((key): key is string => Boolean(key));
    const uploaded = staged.filter((upload) => upload.merchantId === row.id).map((upload) => upload.key);
    return [...new Set([...slotKeys, ...uploaded, ...(traces.formerKeys.get(row.id) ?? [])])];
  };
  const perMerchant = rows.map((row) => ({ row, keys: keysOf(row) }));
  const allKeys = perMerchant.flatMap(({ keys }) => keys);
  await recordPendingDeletions(tx, allKeys, now);
  await writeAudits(
    tx,
    perMerchant.map(({ row, keys }) => ({
      actorId: null,
      action: 'retention_purge',
      targetTable: 'merchants',
      targetId: row.id,
      diff: {
        merchant_name: row.namaToko,
        kode_pendaftaran: row.kodePendaftaran,
        reason: reason ?? reasonOf(row),
        documents: keys.length,
        audit_rows_redacted: redacted.get(row.id) ?? 0,
      },
      ip: null,
      userAgent: null,
    })),
  );
  return allKeys;
}

type ApplicantTraces = { ips: string[]; contacts: string[]; formerKeys: Map<string, string[]> };

const isStorageKey = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * What else names the applicants or their files, read before the purge removes it: the IPs of their own
 * requests (audit rows without an admin actor), every e-mail address they had (a fix link may have
 * changed it; each mail kept its recipient) and their phone, and the storage keys their documents had
 * before a fix link or an admin replaced them (kept by the used fix request and the re-upload's audit row).
 */
async function applicantTraces(tx: Db, ids: string[]): Promise<ApplicantTraces> {
  const orderIds = tx
    .select({ id: sql`${orders.id}::text` })
    .from(orders)
    .where(inArray(orders.merchantId, ids));
  const ipRows = await tx
    .selectDistinct({ ip: auditLogs.ip })
    .from(auditLogs)
    .where(
      and(
        isNull(auditLogs.actorId),
        sql`${auditLogs.ip} is not null`,
        or(
          and(eq(auditLogs.targetTable, 'merchants'), inArray(auditLogs.targetId, ids)),
          and(eq(auditLogs.targetTable, 'orders'), inArray(auditLogs.targetId, orderIds)),
        ),
      ),
    );
  const orderIpRows = await tx
    .selectDistinct({ ip: orders.ip })
    .from(orders)
    .where(and(inArray(orders.merchantId, ids), sql`${orders.ip} is not null`));
  const current = await tx.select({ email: merchants.email, noHp: merchants.noHp }).from(merchants).where(inArray(merchants.id, ids));
  const mailed = await tx
    .selectDistinct({ to: outboxMessages.toAddress })
    .from(outboxMessages)
    .where(inArray(outboxMessages.merchantId, ids));
  const contacts = [...current.flatMap((row) => [row.email, row.noHp]), ...mailed.map((row) => row.to)]
    .map((value) => value.trim().toLowerCase())
    .filter((value) => value.length >= 5 && value !== PURGED_MARKER);

  const formerKeys = new Map<string, string[]>();
  const remember = (merchantId: string, keys: unknown[]) =>
    formerKeys.set(merchantId, [...(formerKeys.get(merchantId) ?? []), ...keys.filter(isStorageKey)]);
  const fixes = await tx
    .select({ merchantId: fixRequests.merchantId, replaced: fixRequests.replacedDocuments })
    .from(fixRequests)
    .where(inArray(fixRequests.merchantId, ids));
  for (const fix of fixes) if (fix.replaced && typeof fix.replaced === 'object') remember(fix.merchantId, Object.values(fix.replaced));
  const reuploads = await tx
    .select({ merchantId: auditLogs.targetId, diff: auditLogs.diff })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, 'document_reupload'), eq(auditLogs.targetTable, 'merchants'), inArray(auditLogs.targetId, ids)));
  for (const entry of reuploads) {
    const diff = (entry.diff ?? {}) as { old_url?: unknown; new_url?: unknown };
    remember(entry.merchantId!, [diff.old_url, diff.new_url]);
  }
  const ips = [...new Set([...ipRows, ...orderIpRows].map((row) => row.ip).filter((ip): ip is string => Boolean(ip)))];
  return { ips, contacts: [...new Set(contacts)], formerKeys };
}

/**
 * The applicant's own audit rows (no admin actor: the registration, resubmissions, orders and their
 * steps) lose IP and User-Agent. The trail is append-only; the trigger lets exactly this change through,
 * and only in a transaction that asked for it (migration 0013, docs/decisions/0032). Returns the count per merchant.
 */
async function redactApplicantAudit(tx: Db, ids: string[]): Promise<Map<string, number>> {
  const idList = sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
  await tx.execute(sql`select set_config('aipos.audit_redaction', 'on', true)`);
  const rows = await tx.execute<{ merchant_id: string }>(sql`
    update audit_logs a set ip = null, user_agent = null
    from (
      select m.id::text as target_id, 'merchants' as target_table, m.id::text as merchant_id from merchants m where m.id in ${idList}
      union all
      select o.id::text, 'orders', o.merchant_id::text from orders o where o.merchant_id in ${idList}
    ) t
    where a.target_table = t.target_table and a.target_id = t.target_id and a.actor_id is null
      and (a.ip is not null or a.user_agent is not null)
    returning t.merchant_id`);
  await tx.execute(sql`select set_config('aipos.audit_redaction', 'off', true)`);
  const counts = new Map<string, number>();
  for (const row of (rows as unknown as { rows: { merchant_id: string }[] }).rows)
    counts.set(row.merchant_id, (counts.get(row.merchant_id) ?? 0) + 1);
  return counts;
}

const DAILY_MS = 24 * 3_600_000;

/** At start and then daily; returns a stop function. The timer never keeps the process alive. */
export function startRetention(app: FastifyInstance, intervalMs = DAILY_MS): () => void {
  const run = () =>
    void purgeDueMerchants(app.deps)
      .then((count) => {
        if (count > 0) app.log.info({ count }, 'retention: personal data of rejected, deleted or abandoned registrations removed');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'retention pass failed'));
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return () => clearInterval(timer);
}
