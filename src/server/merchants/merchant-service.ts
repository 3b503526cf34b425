import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  MERCHANT_MESSAGES,
  type MerchantCreate,
  type MerchantStatusChange,
  type MerchantUpdate,
  type RevealRequest,
  type RevealResponse,
} from '../../domain/merchants.js';
import { decodeNik } from '../../domain/nik-structure.js';
import { hasFinalCode, REASON_MESSAGES } from '../../domain/reason-codes.js';
import { auditActor, maskSensitiveFields, writeAudit } from '../audit/public.js';
import { enqueueMerchantChecks } from '../checks/public.js';
import type { Db } from '../db/database.js';
import {
  identityColumns,
  merchantAccountNumber,
  merchantNik,
  PROFILE_FIELDS,
  profileColumns,
  profileValue,
  QRIS_FIELDS,
} from '../db/merchant-columns.js';
import { requireLockedMerchant } from '../db/merchant-rows.js';
import { merchants, type MerchantRow } from '../db/schema.js';
import { AppError, badRequest } from '../http/app-error.js';
import { enqueueStatusMail } from '../mail/applicant-mail.js';
import { createFixRequest, supersedeFixRequests } from '../perbaikan/public.js';
import { REGISTRATION_CODE } from '../shared/registration-code.js';
import { withUniqueCode, type CodeGenerator } from '../shared/unique-code.js';
import {
  applyMerchantStatusToOrders,
  cancelUnshippedOrders,
  DELETED_REASON,
  orderMailConfig,
  type TransitionConfig,
} from '../shop/public.js';
import { claimClockOf, gateChange, queueClock, recordFirstApproval } from '../workbench/public.js';

export type Actor = { id: string; ip?: string | null; userAgent?: string | null };

/**
 * The same for a change of the registration itself (status, profile): a purged one (retention, erasure)
 * holds no personal data any more, so it can be neither decided on nor edited (409).
 */
async function requireEditableMerchant(tx: Db, id: string): Promise<MerchantRow> {
  const row = await requireLockedMerchant(tx, id);
  if (row.purgedAt) throw new AppError(409, 'MERCHANT_PURGED', MERCHANT_MESSAGES.purged);
  return row;
}

/** What the profile form saves: the profile of docs/spec.md §7 and the QRIS values, one audit row. */
const EDITABLE_FIELDS = { ...PROFILE_FIELDS, ...QRIS_FIELDS };
type EditableField = keyof typeof EDITABLE_FIELDS;
const OPTIONAL_FIELDS: ReadonlySet<EditableField> = new Set(['nik', 'no_rekening', 'mcc', 'nama_qris', 'kota_qris']);

/**
 * The profile form may decide a status too, so it keeps the status route's rule: a rejection needs at least
 * one `final` reason, and a status that is no decision (processing, verified) takes none. Codes without a
 * status change are refused rather than silently dropped.
 */
function reasonCodesOfProfileSave(input: MerchantUpdate, statusChanged: boolean): string[] {
  const codes = input.kode_alasan ?? [];
  if (!statusChanged) {
    if (codes.length > 0) throw badRequest(REASON_MESSAGES.onlyForDecisions, 'kode_alasan');
    return [];
  }
  if (input.status === 'rejected' && !hasFinalCode(codes)) throw badRequest(REASON_MESSAGES.finalRequired, 'kode_alasan');
  if ((input.status === 'processing' || input.status === 'verified') && codes.length > 0)
    throw badRequest(REASON_MESSAGES.onlyForDecisions, 'kode_alasan');
  return codes;
}

/** A save or a status change, and the orders it moved (the admin's order screens refresh for them). */
export type ProfileSaveResult = { row: MerchantRow; orderIds: string[] };

function audit(actor: Actor) {
  return { ...auditActor(actor), targetTable: 'merchants' };
}

/**
 * What a save of a registration takes after its input: who acts, when, and what the applicant's mail links
 * to (`baseUrl`; `config`: the order mails and the claim clock, by default those of `baseUrl`).
 */
export type SaveContext = { actor: Actor; now: Date; baseUrl?: string; config?: TransitionConfig };

function resolveContext({ actor, now, baseUrl = '', config = orderMailConfig(baseUrl) }: SaveContext) {
  return { actor, now, baseUrl, config };
}

/** A decision's status_change audit row, in the decision's transaction: its note, reason codes and what else it carried. */
function writeStatusAudit(
  tx: Db,
  actor: Actor,
  decision: { row: MerchantRow; from: string; to: string; catatan: string | null; kodeAlasan: readonly string[]; more?: object },
) {
  const { row, from, to, catatan, kodeAlasan, more } = decision;
  return writeAudit(tx, {
    ...audit(actor),
    action: 'status_change',
    targetId: row.id,
    diff: { from, to, catatan, merchant_name: row.namaToko, ...(kodeAlasan.length > 0 ? { kode_alasan: kodeAlasan } : {}), ...more },
  });
}

/**
 * Saves the profile form. The row must still carry the updated_at the edit started from (else 409).
 * A status change inside the save is audited as status_change, the other fields as one update
 * holding only what changed; the audit rows share the change's transaction.
 */
export async function updateMerchantProfile(db: Db, id: string, input: MerchantUpdate, context: SaveContext): Promise<ProfileSaveResult> {
  const { actor, now, baseUrl, config } = resolveContext(context);
  return db.transaction(async (tx) => {
    const row = await requireEditableMerchant(tx, id);
    if (row.updatedAt.getTime() !== new Date(input.expected_updated_at).getTime()) {
      throw new AppError(409, 'STALE_UPDATE', MERCHANT_MESSAGES.staleSave);
    }
    const changed = (Object.keys(EDITABLE_FIELDS) as EditableField[]).filter((field) => {
      // NIK and account number are sent only after a reveal, the QRIS values only when the admin set them;
      // left out, they stay as they are.
      if (OPTIONAL_FIELDS.has(field) && input[field] === undefined) return false;
      const next = input[field] ?? null;
      return profileValue(row, EDITABLE_FIELDS[field]) !== next;
    });
    if (changed.length === 0) return { row, orderIds: [] };
    const kodeAlasan = reasonCodesOfProfileSave(input, changed.includes('status'));
    // Another admin's claim refuses the edit; a 'verified' that needs a second admin is recorded as the first.
    const gate = await gateChange(tx, row, changed.includes('status') ? input.status : null, actor, claimClockOf(now, config));
    if (gate.first) {
      changed.splice(changed.indexOf('status'), 1);
      if (changed.length === 0)
        return { row: await recordFirstApproval(tx, row, actor, now, { catatan: input.catatan_admin ?? null }), orderIds: [] };
    }

    const patch: Partial<MerchantRow> = { updatedAt: now, ...gate.columns };
    for (const field of changed) {
      if (field !== 'nik' && field !== 'no_rekening') Object.assign(patch, { [EDITABLE_FIELDS[field]]: input[field] ?? null });
    }
    const identity = identityColumns(id, {
      nik: changed.includes('nik') ? input.nik : undefined,
      noRekening: changed.includes('no_rekening') ? input.no_rekening : undefined,
    });
    // A status set in the profile form carries its own reason codes (a rejection's, else none): the previous decision's go.
    const clock = patch.status === undefined ? {} : { ...queueClock(row, patch.status, now), kodeAlasan };
    const [updated] = await tx
      .update(merchants)
      .set({ ...patch, ...identity, ...clock })
      .where(eq(merchants.id, id))
      .returning();

    const statusChanged = changed.includes('status');
    let orderIds: string[] = [];
    if (statusChanged) {
      orderIds = await applyMerchantStatusToOrders(tx, { merchant: updated!, from: row.status, to: updated!.status, actor, now, config });
      // A status decided in the profile form ends any open fix link, and tells the applicant.
      await supersedeFixRequests(tx, id, now);
      await enqueueStatusMail(tx, { row: updated!, baseUrl, fix: null, now });
      await writeStatusAudit(tx, actor, {
        row: updated!,
        from: row.status,
        to: input.status,
        catatan: input.catatan_admin ?? null,
        kodeAlasan,
      });
    }
    // The note travels with a status change; otherwise it is an ordinary field.
    const others = changed.filter((f) => f !== 'status' && !(statusChanged && f === 'catatan_admin'));
    if (others.length > 0) {
      const pick = (source: MerchantRow) => Object.fromEntries(others.map((f) => [f, profileValue(source, EDITABLE_FIELDS[f])]));
      await writeAudit(tx, {
        ...audit(actor),
        action: 'update',
        targetId: id,
        diff: { old: maskSensitiveFields(pick(row)), new: maskSensitiveFields(pick(updated!)) },
      });
      // Edited names, NIK or province: the consistency checks run again on the new values (docs/decisions/0036).
      await enqueueMerchantChecks(tx, id, now);
    }
    if (gate.first) return { row: await recordFirstApproval(tx, updated!, actor, now, { catatan: input.catatan_admin ?? null }), orderIds };
    return { row: updated!, orderIds };
  });
}

/**
 * Sets the status and note. Any open fix link ends; a `perbaikan` list makes a new one (decision 0018). The
 * status e-mail to the applicant is queued in the same transaction (skipped when the admin turned status
 * notifications off), and so is the audit row. A new fix link is a bearer secret for the applicant: it
 * goes into that mail only, never into the answer to the admin.
 */
export async function changeMerchantStatus(
  db: Db,
  id: string,
  input: MerchantStatusChange,
  context: SaveContext,
): Promise<ProfileSaveResult> {
  const { actor, now, baseUrl, config } = resolveContext(context);
  return db.transaction(async (tx) => {
    const row = await requireEditableMerchant(tx, id);
    // The review screen sends the status it showed: another admin's decision since then is the edit screen's 409.
    if (input.expected_status !== undefined && input.expected_status !== row.status) {
      throw new AppError(409, 'STALE_UPDATE', MERCHANT_MESSAGES.staleSave);
    }
    const catatan = input.catatan_admin ?? null;
    const gate = await gateChange(tx, row, input.status, actor, claimClockOf(now, config));
    if (gate.first) {
      const checklist = input.checklist ? { checklist: input.checklist } : {};
      return { row: await recordFirstApproval(tx, row, actor, now, { catatan, ...checklist }), orderIds: [] };
    }
    // The decision's reasons: the status page and the mail show their applicant texts, the team its own.
    const kodeAlasan = input.kode_alasan ?? [];
    const [updated] = await tx
      .update(merchants)
      .set({
        status: input.status,
        catatanAdmin: catatan,
        kodeAlasan: kodeAlasan,
        updatedAt: now,
        ...queueClock(row, input.status, now),
        ...gate.columns,
      })
      .where(eq(merchants.id, id))
      .returning();
    await supersedeFixRequests(tx, id, now);
    const items = input.perbaikan ?? [];
    let fix: { url: string; expiresAt: Date; items: typeof items } | null = null;
    if (items.length > 0) {
      const created = await createFixRequest(tx, { merchantId: id, items, catatan, createdBy: actor.id, now });
      fix = { url: `${baseUrl}/perbaikan/${created.token}`, expiresAt: created.expiresAt, items };
    }
    await writeStatusAudit(tx, actor, {
      row: updated!,
      from: row.status,
      to: input.status,
      catatan,
      kodeAlasan,
      more: { ...(items.length > 0 ? { perbaikan: items } : {}), ...(input.checklist ? { checklist: input.checklist } : {}) },
    });
    await enqueueStatusMail(tx, { row: updated!, baseUrl, fix, now });
    const orderIds = await applyMerchantStatusToOrders(tx, { merchant: updated!, from: row.status, to: input.status, actor, now, config });
    return { row: updated!, orderIds };
  });
}

/**
 * Admin create: status processing, a code from the registration generator (retried on a clash), and
 * the create audit row in the same transaction.
 */
export async function createMerchant(
  db: Db,
  input: MerchantCreate,
  actor: Actor,
  now: Date,
  generate?: CodeGenerator,
): Promise<MerchantRow> {
  return withUniqueCode(
    REGISTRATION_CODE,
    (code) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(merchants)
          .values({
            kodePendaftaran: code,
            ...profileColumns(randomUUID(), input),
            status: 'processing',
            createdBy: actor.id,
            submittedAt: now,
            queuedAt: now,
            updatedAt: now,
          })
          .returning();
        await writeAudit(tx, { ...audit(actor), action: 'create', targetId: row!.id, diff: { created: row!.namaToko } });
        await enqueueMerchantChecks(tx, row!.id, now);
        return row!;
      }),
    generate,
  );
}

/**
 * docs/spec.md §4: soft delete only; the row stays for restoring and for the audit trail. A deleted registration
 * gets no device: its unshipped orders are cancelled like a rejected one's (unpaid ones simply closed,
 * paid ones marked for refund, each with its mail), in the same transaction. Returns those orders' ids.
 */
export async function softDeleteMerchant(
  db: Db,
  id: string,
  actor: Actor,
  now: Date,
  config: TransitionConfig = orderMailConfig(''),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const row = await requireLockedMerchant(tx, id);
    await tx.update(merchants).set({ isDeleted: true, updatedAt: now }).where(eq(merchants.id, id));
    await writeAudit(tx, { ...audit(actor), action: 'soft_delete', targetId: id, diff: { merchant_name: row.namaToko } });
    return cancelUnshippedOrders(tx, { merchantIds: [id], reason: DELETED_REASON, actor, now, config });
  });
}

/**
 * One identity value in clear for the admin who asked, with a pii_reveal audit row (UU PDP: every look).
 * The NIK comes with the birth date and sex its digits say, which no other answer carries.
 */
export async function revealMerchantField(db: Db, id: string, field: RevealRequest['field'], actor: Actor): Promise<RevealResponse> {
  return db.transaction(async (tx) => {
    const row = await requireLockedMerchant(tx, id);
    await writeAudit(tx, { ...audit(actor), action: 'pii_reveal', targetId: id, diff: { field, merchant_name: row.namaToko } });
    if (field === 'no_rekening') return { field, value: merchantAccountNumber(row), nik_personal: null };
    const nik = merchantNik(row);
    const { birth_date, sex } = decodeNik(nik);
    return { field, value: nik, nik_personal: { birth_date, sex } };
  });
}
