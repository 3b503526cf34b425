import { eq } from 'drizzle-orm';
import { DOCUMENT_SLOT_INFO, DOCUMENT_SLOTS, type DocumentSlot } from '../../domain/document-slots.js';
import { maskAccountNumber, maskNik } from '../../domain/masking.js';
import {
  FIX_FIELDS,
  fixTargetLabel,
  isDocumentTarget,
  isFixField,
  PERBAIKAN_MESSAGES,
  type FixField,
  type FixTarget,
} from '../../domain/perbaikan-texts.js';
import type { FixItem, FixRequestView, FixSubmission } from '../../domain/perbaikan.js';
import { SUBMISSION_MESSAGES } from '../../domain/registration.js';
import { maskSensitiveFields, writeAudit } from '../audit/public.js';
import { enqueueMerchantChecks } from '../checks/public.js';
import type { Db } from '../db/database.js';
import { identityColumns, merchantAccountNumber, merchantNik, PROFILE_FIELDS, profileValue, SLOT_COLUMNS } from '../db/merchant-columns.js';
import { lockMerchant } from '../db/merchant-rows.js';
import { merchants, type FixRequestRow, type MerchantRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { enqueueDataChangeNotice, enqueueReceipt } from '../mail/applicant-mail.js';
import { applyMerchantStatusToOrders, orderMailConfig } from '../shop/public.js';
import { replaceSlotWarnings, warningsOfUploads } from '../uploads/photo-warnings.js';
import { claimUploads, findUploads } from '../uploads/upload-repository.js';
import { checkUploads, type RequestedDocument } from '../uploads/upload-service.js';
import { queueClock } from '../workbench/public.js';
import { NOTICE_FIELDS } from './identity-change.js';
import { findOpenFixRequest, markFixRequestUsed } from './perbaikan-repository.js';

const invalidLink = () => new AppError(404, 'FIX_LINK_INVALID', PERBAIKAN_MESSAGES.invalidLink);

/** The value shown for a flagged field: what we hold, NIK and account number masked (typed again). */
function shownValue(row: MerchantRow, field: FixField): string | number | null {
  if (field === 'nik') return maskNik(merchantNik(row));
  if (field === 'no_rekening') return maskAccountNumber(merchantAccountNumber(row));
  return row[PROFILE_FIELDS[field]] as string | number | null;
}

async function openRequest(db: Db, token: string, now: Date): Promise<{ request: FixRequestRow; row: MerchantRow }> {
  const request = await findOpenFixRequest(db, token, now);
  if (!request) throw invalidLink();
  const [row] = await db.select().from(merchants).where(eq(merchants.id, request.merchantId)).limit(1);
  if (!row || row.isDeleted || row.purgedAt) throw invalidLink();
  return { request, row };
}

/** GET /api/perbaikan/<token>: what to fix and the current values of only those fields. */
export async function viewFixRequest(db: Db, token: string, now: Date): Promise<FixRequestView> {
  const { request, row } = await openRequest(db, token, now);
  const items = request.items as FixItem[];
  const values: FixRequestView['values'] = {};
  for (const item of items) if (isFixField(item.field)) values[item.field] = shownValue(row, item.field);
  return { kode_pendaftaran: row.kodePendaftaran, nama_toko: row.namaToko, catatan_admin: request.catatanAdmin, perbaikan: items, values };
}

/** Exactly the flagged fields and slots: anything else, or a flagged one left out, is a 400. */
function checkAgainstFlags(items: FixItem[], body: FixSubmission): { fields: FixField[]; slots: DocumentSlot[] } {
  const flagged = new Set<string>(items.map((i) => i.field));
  // A key sent in the wrong part (a field among the documents) is named as sent.
  const sent = (part: 'fields' | 'documents', known: (key: string) => key is FixTarget) => (key: string) => ({
    key,
    path: `${part}.${key}`,
    label: known(key) ? fixTargetLabel(key) : key,
  });
  const unflagged = [
    ...Object.keys(body.fields).map(sent('fields', isFixField)),
    ...Object.keys(body.documents).map(sent('documents', isDocumentTarget)),
  ].find(({ key }) => !flagged.has(key));
  if (unflagged) throw new AppError(400, 'FIELD_NOT_FLAGGED', PERBAIKAN_MESSAGES.notFlagged(unflagged.label), unflagged.path);
  const fields = FIX_FIELDS.filter((f) => flagged.has(f));
  const slots = DOCUMENT_SLOTS.filter((s) => flagged.has(s));
  for (const field of fields) {
    if (!(field in body.fields))
      throw new AppError(400, 'FIELD_MISSING', PERBAIKAN_MESSAGES.fieldMissing(fixTargetLabel(field)), `fields.${field}`);
  }
  for (const slot of slots) {
    if (!body.documents[slot])
      throw new AppError(400, 'DOCUMENT_MISSING', PERBAIKAN_MESSAGES.documentMissing(fixTargetLabel(slot)), `documents.${slot}`);
  }
  return { fields, slots };
}

export type Resubmission = {
  token: string;
  body: FixSubmission;
  baseUrl: string;
  now: Date;
  ip?: string | null;
  userAgent?: string | null;
  /** MAIL_PER_ADDRESS_PER_HOUR, for the receipt. */
  mailPerAddressPerHour?: number;
};

/**
 * POST /api/perbaikan/<token>: the flagged fields and documents replaced in one transaction, the request
 * used up, the status back to processing, an audit row `resubmission` (before/after, NIK and account
 * masked) and a receipt e-mail queued. Returns the merchant for the live event.
 */
export async function resubmit(db: Db, input: Resubmission): Promise<MerchantRow> {
  const { request } = await openRequest(db, input.token, input.now);
  const items = request.items as FixItem[];
  const { fields, slots } = checkAgainstFlags(items, input.body);
  const documents: RequestedDocument[] = slots.map((slot) => ({ slot, uploadId: input.body.documents[slot]! }));
  const uploadsById = new Map(
    (
      await findUploads(
        db,
        documents.map((d) => d.uploadId),
      )
    ).map((u) => [u.id, u]),
  );
  const storageKeys = checkUploads(documents, uploadsById);

  return db.transaction(async (tx) => {
    // The merchant's row first, then its fix request: the order every path takes (a status change locks
    // the merchant, then supersedes its fix requests), so the two wait for each other instead of
    // deadlocking. The request's merchant never changes, so the unlocked read above names the right row.
    const row = await lockMerchant(tx, request.merchantId);
    if (!row || row.purgedAt) throw invalidLink();
    // Locked and checked again: two submissions of one link cannot both pass, and a decision taken
    // meanwhile has superseded it.
    const locked = await findOpenFixRequest(tx, input.token, input.now, true);
    if (!locked || locked.merchantId !== row.id) throw invalidLink();

    // Back in the review queue: the age in working days resumes where it paused while the applicant had
    // the case (paused-clock.ts); the last decision's reason codes no longer apply.
    const patch: Partial<MerchantRow> = {
      status: 'processing',
      updatedAt: input.now,
      kodeAlasan: [],
      ...queueClock(row, 'processing', input.now),
    };
    for (const field of fields) {
      if (field !== 'nik' && field !== 'no_rekening') Object.assign(patch, { [PROFILE_FIELDS[field]]: input.body.fields[field] ?? null });
    }
    for (const slot of slots) Object.assign(patch, { [SLOT_COLUMNS[slot]]: storageKeys[slot] });
    // A replaced photo's kept warnings are the new photo's (decision 0035); the other slots keep theirs.
    if (slots.length > 0) patch.peringatanFoto = replaceSlotWarnings(row.peringatanFoto, slots, warningsOfUploads(documents, uploadsById));
    const identity = identityColumns(row.id, {
      nik: fields.includes('nik') ? input.body.fields.nik : undefined,
      noRekening: fields.includes('no_rekening') ? input.body.fields.no_rekening : undefined,
    });
    const [updated] = await tx
      .update(merchants)
      .set({ ...patch, ...identity })
      .where(eq(merchants.id, row.id))
      .returning();

    const claimed = new Set(
      await claimUploads(
        tx,
        documents.map((d) => d.uploadId),
        row.id,
        input.now,
      ),
    );
    const lost = documents.find((d) => !claimed.has(d.uploadId));
    if (lost)
      throw new AppError(
        409,
        'UPLOAD_ALREADY_USED',
        SUBMISSION_MESSAGES.uploadUsed(DOCUMENT_SLOT_INFO[lost.slot].label),
        `documents.${lost.slot}`,
      );

    // The replaced files stay in storage for the audit trail; the request row remembers their keys.
    const replaced = Object.fromEntries(slots.map((slot) => [slot, row[SLOT_COLUMNS[slot]]]));
    await markFixRequestUsed(tx, locked.id, input.now, replaced);
    const pick = (source: MerchantRow) => Object.fromEntries(fields.map((f) => [f, profileValue(source, PROFILE_FIELDS[f])]));
    // Names only, compared before masking: a new account number with the same last four is still a change.
    const changed = fields.filter((f) => profileValue(row, PROFILE_FIELDS[f]) !== profileValue(updated!, PROFILE_FIELDS[f]));
    await writeAudit(tx, {
      actorId: null,
      action: 'resubmission',
      targetTable: 'merchants',
      targetId: row.id,
      diff: {
        merchant_name: updated!.namaToko,
        kode_pendaftaran: row.kodePendaftaran,
        from: row.status,
        to: 'processing',
        old: maskSensitiveFields(pick(row)),
        new: maskSensitiveFields(pick(updated!)),
        documents: slots,
        perbaikan: items,
        changed,
      },
      ip: input.ip ?? null,
      userAgent: input.userAgent ?? null,
    });
    await enqueueReceipt(tx, {
      row: updated!,
      baseUrl: input.baseUrl,
      now: input.now,
      resubmission: true,
      perAddressPerHour: input.mailPerAddressPerHour,
    });
    // Replaced documents and changed values are checked again (docs/decisions/0036).
    await enqueueMerchantChecks(tx, row.id, input.now);
    const noticed = NOTICE_FIELDS.filter((f) => changed.includes(f));
    if (noticed.length > 0) {
      await enqueueDataChangeNotice(tx, { before: row, fieldLabels: noticed.map(fixTargetLabel), baseUrl: input.baseUrl, now: input.now });
    }
    // Back to processing: the webhook event (and, were it ever verified, its orders wait again).
    await applyMerchantStatusToOrders(tx, {
      merchant: updated!,
      from: row.status,
      to: 'processing',
      actor: { id: null, ip: input.ip ?? null, userAgent: input.userAgent ?? null },
      now: input.now,
      config: orderMailConfig(input.baseUrl),
    });
    return updated!;
  });
}
