import { and, asc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { hideBearerLinks } from '../../domain/applicant-mail.js';
import { DOCUMENT_SLOTS } from '../../domain/document-slots.js';
import { applicantReasonTexts } from '../../domain/reason-codes.js';
import { writeAudit } from '../audit/public.js';
import type { Db } from '../db/database.js';
import { merchantAccountNumber, merchantNik, SLOT_COLUMNS } from '../db/merchant-columns.js';
import { auditLogs, fixRequests, merchants, orderItems, orders, outboxMessages, uploads, type MerchantRow } from '../db/schema.js';
import { messageText } from '../mail/outbox.js';
import { deleteStoredFiles } from '../storage/pending-deletions.js';
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
  const {
    receiptTokenHash: _token,
    idempotencyKey: _key,
    nikHash: _nik,
    noRekeningHash: _account,
    createdBy: _by,
    kodeAlasan,
    ...record
  } = row;
  for (const slot of DOCUMENT_SLOTS) delete (record as Record<string, unknown>)[SLOT_COLUMNS[slot]];
  return { ...record, nik: merchantNik(row), noRekening: merchantAccountNumber(row), alasan: applicantReasonTexts(kodeAlasan) };
}

/**
 * A trail entry as the applicant may read it: a decision's reason codes become their applicant texts (a
 * suspicion of fraud reads as the neutral text, never by its code); internal notes never have a text there.
 */
function applicantDiff(diff: unknown): unknown {
  if (!diff || typeof diff !== 'object' || !('kode_alasan' in diff)) return diff;
  const { kode_alasan: codes, ...rest } = diff as { kode_alasan: unknown };
  return { ...rest, alasan: applicantReasonTexts(Array.isArray(codes) ? codes : []) };
}

/**
 * The mails sent (or queued) to the applicant: what they said, when, and whether they went out. The
 * export passes through the operator's hands: a mail still waiting shows its bearer links without token.
 */
async function mailsOf(db: Db, merchantId: string) {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.merchantId, merchantId))
    .orderBy(asc(outboxMessages.createdAt));
  return rows.map((row) => ({
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    state: row.state,
    created_at: row.createdAt,
    sent_at: row.sentAt,
    text_body: hideBearerLinks(messageText(row)),
  }));
}

/** Fix requests (what was asked, when) and the documents replaced through them or by an admin. */
async function fixesOf(db: Db, merchantId: string) {
  const rows = await db.select().from(fixRequests).where(eq(fixRequests.merchantId, merchantId)).orderBy(asc(fixRequests.createdAt));
  const fixes = rows.map((row) => ({
    items: row.items,
    catatan_admin: row.catatanAdmin,
    created_at: row.createdAt,
    expires_at: row.expiresAt,
    used_at: row.usedAt,
    superseded_at: row.supersededAt,
  }));
  const replaced: { slot: string; replaced_at: Date | null; by: 'pendaftar' | 'admin' }[] = [];
  for (const row of rows) {
    for (const slot of Object.keys((row.replacedDocuments ?? {}) as Record<string, unknown>))
      replaced.push({ slot, replaced_at: row.usedAt, by: 'pendaftar' });
  }
  const reuploads = await db
    .select({ diff: auditLogs.diff, at: auditLogs.createdAt })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, 'document_reupload'), eq(auditLogs.targetTable, 'merchants'), eq(auditLogs.targetId, merchantId)));
  for (const entry of reuploads)
    replaced.push({ slot: String((entry.diff as { kind?: unknown } | null)?.kind ?? ''), replaced_at: entry.at, by: 'admin' });
  return { fixes, replaced };
}

/** The registration's orders: code, lines, amounts, statuses and where they were to be shipped. */
async function ordersOf(db: Db, merchantId: string) {
  const rows = await db.select().from(orders).where(eq(orders.merchantId, merchantId)).orderBy(asc(orders.createdAt));
  const lines = rows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return rows.map((row) => ({
    kode_pesanan: row.kodePesanan,
    status: row.status,
    metode_pembayaran: row.metodePembayaran,
    items: lines
      .filter((line) => line.orderId === row.id)
      .map((line) => ({ sku: line.sku, name: line.name, price: line.price, quantity: line.quantity })),
    subtotal: row.subtotal,
    ongkir: row.ongkir,
    total: row.total,
    invoice_number: row.invoiceNumber,
    pengiriman: {
      nama_penerima: row.namaPenerima,
      no_hp_penerima: row.noHpPenerima,
      alamat_pengiriman: row.alamatPengiriman,
      kota_kab: row.kotaKab,
      provinsi: row.provinsi,
      kode_pos: row.kodePos,
    },
    kurir: row.kurir,
    no_resi: row.noResi,
    created_at: row.createdAt,
    paid_at: row.paidAt,
    shipped_at: row.shippedAt,
    delivered_at: row.deliveredAt,
    cancelled_at: row.cancelledAt,
    ip: row.ip,
  }));
}

/** The IP and User-Agent kept with the applicant's own requests (audit rows without an admin actor). */
async function requestTracesOf(db: Db, merchantId: string, orderIds: string[]) {
  const targets = [and(eq(auditLogs.targetTable, 'merchants'), eq(auditLogs.targetId, merchantId))];
  if (orderIds.length > 0) targets.push(and(eq(auditLogs.targetTable, 'orders'), inArray(auditLogs.targetId, orderIds)));
  const rows = await db
    .select({ action: auditLogs.action, at: auditLogs.createdAt, ip: auditLogs.ip, userAgent: auditLogs.userAgent })
    .from(auditLogs)
    .where(and(isNull(auditLogs.actorId), or(...targets), or(isNotNull(auditLogs.ip), isNotNull(auditLogs.userAgent))))
    .orderBy(asc(auditLogs.id));
  return rows.map((row) => ({ action: row.action, at: row.at, ip: row.ip, user_agent: row.userAgent }));
}

/**
 * UU PDP Art. 7-8 (access, portability): everything held about one registration, the documents
 * included (base64), as one JSON value: the profile, the mails sent, the fix requests, the replaced
 * documents, the orders, the IP and User-Agent kept and the trail. The export itself is recorded in the trail.
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
  const staged = await deps.db
    .select({ slot: uploads.slot, size: uploads.size, originalName: uploads.originalName, createdAt: uploads.createdAt })
    .from(uploads)
    .where(eq(uploads.claimedBy, row.id));
  const mails = await mailsOf(deps.db, row.id);
  const { fixes, replaced } = await fixesOf(deps.db, row.id);
  const orderList = await ordersOf(deps.db, row.id);
  const orderIds = (await deps.db.select({ id: orders.id }).from(orders).where(eq(orders.merchantId, row.id))).map((order) => order.id);
  const requests = await requestTracesOf(deps.db, row.id, orderIds);
  await writeAudit(deps.db, {
    actorId: null,
    action: 'export',
    targetTable: 'merchants',
    targetId: row.id,
    diff: { subject_request: 'export', kode_pendaftaran: row.kodePendaftaran },
    ip: null,
    userAgent: null,
  });
  return {
    exported_at: deps.now().toISOString(),
    merchant: personalRecord(row),
    documents,
    uploads: staged,
    mails,
    fix_requests: fixes,
    replaced_documents: replaced,
    orders: orderList,
    requests,
    activity: trail.map((entry) => ({ action: entry.action, at: entry.createdAt, diff: applicantDiff(entry.diff) })),
  };
}

/**
 * UU PDP Art. 8 and 16 (erasure): the retention purge at once, whatever the status, and out of the list.
 * A file that cannot be deleted now waits in pending_deletions for the retention job (`pending`).
 */
export async function eraseSubject(deps: SubjectDeps, code: string): Promise<{ documents: number; pending: number }> {
  const found = await findByCode(deps.db, code);
  const keys = await deps.db.transaction(async (tx) => {
    const rows = await tx.select(PURGE_COLUMNS).from(merchants).where(eq(merchants.id, found.id)).for('update');
    return purgeMerchants(tx, rows, deps.now(), 'subject_request');
  });
  const outcome = await deleteStoredFiles(deps, keys);
  return { documents: keys.length, pending: outcome.failed };
}
