import { randomUUID } from 'node:crypto';
import { DOCUMENT_SLOT_INFO, DOCUMENT_SLOTS, type DocumentSlot } from '../../domain/document-slots.js';
import { API_MESSAGES } from '../../domain/messages.js';
import type { PhotoWarnings } from '../../domain/photo-quality-texts.js';
import {
  PRIVACY_NOTICE_VERSION,
  SUBMISSION_MESSAGES,
  type RegistrationRequest,
  type RegistrationResponse,
} from '../../domain/registration.js';
import type { AppDeps } from '../app-deps.js';
import { writeAudit } from '../audit/public.js';
import { enqueueMerchantChecks } from '../checks/public.js';
import type { Db } from '../db/database.js';
import { profileColumns, SLOT_COLUMNS } from '../db/merchant-columns.js';
import type { MerchantRow, NewMerchantRow } from '../db/schema.js';
import { uniqueViolation } from '../db/unique-violation.js';
import { AppError } from '../http/app-error.js';
import { enqueueReceipt } from '../mail/applicant-mail.js';
import { REGISTRATION_CODE } from '../shared/registration-code.js';
import { generateToken, hashToken } from '../shared/tokens.js';
import { CodeExhaustedError, withUniqueCode, type CodeGenerator } from '../shared/unique-code.js';
import { warningsOfUploads } from '../uploads/photo-warnings.js';
import { claimUploads, findUploads, findUploadsClaimedBy } from '../uploads/upload-repository.js';
import { checkUploads, type RequestedDocument } from '../uploads/upload-service.js';
import {
  findMerchantByIdempotencyKey,
  IDEMPOTENCY_KEY_CONSTRAINT,
  insertMerchant,
  replaceReceiptTokenHash,
} from './registration-repository.js';

export type RegistrationDeps = Pick<AppDeps, 'db' | 'now'> & {
  generateCode?: CodeGenerator;
  /** The origin of the status link in the receipt e-mail. */
  baseUrl?: string;
  /** MAIL_PER_ADDRESS_PER_HOUR. */
  mailPerAddressPerHour?: number;
};

export type Submission = {
  input: RegistrationRequest;
  idempotencyKey: string;
  ip?: string | null;
  userAgent?: string | null;
};

/** `created` false: the key was seen before and the answer is that earlier registration (a replay). */
/** The public answer, and (for the server's own use: live events) the merchant's id. */
export type SubmissionResult = { created: boolean; merchantId: string; registration: RegistrationResponse };

const alreadySubmitted = () => new AppError(409, 'IDEMPOTENCY_KEY_REUSED', SUBMISSION_MESSAGES.alreadySubmitted);

/**
 * Registers a merchant from a validated request: the uploads are checked, then the merchant row, its
 * audit entry and the claim of every upload are written in one transaction, or nothing is.
 */
export async function submitRegistration(deps: RegistrationDeps, submission: Submission): Promise<SubmissionResult> {
  const earlier = await findMerchantByIdempotencyKey(deps.db, submission.idempotencyKey);
  if (earlier) return replay(deps.db, earlier, submission.input);

  const documents = requestedDocuments(submission.input);
  const uploadsById = new Map(
    (
      await findUploads(
        deps.db,
        documents.map((d) => d.uploadId),
      )
    ).map((u) => [u.id, u]),
  );
  let storageKeys: ReturnType<typeof checkUploads>;
  try {
    storageKeys = checkUploads(documents, uploadsById);
  } catch (error) {
    // A concurrent request with the same key may have committed between the two reads above: the uploads
    // are claimed by its registration, which is this request's too.
    const winner = isUploadUsed(error) ? await findMerchantByIdempotencyKey(deps.db, submission.idempotencyKey) : undefined;
    if (winner) return replay(deps.db, winner, submission.input);
    throw error;
  }
  const receiptToken = generateToken();
  try {
    const row = await withUniqueCode(
      REGISTRATION_CODE,
      (code) =>
        insertRegistration(deps, submission, {
          code,
          storageKeys,
          documents,
          receiptTokenHash: hashToken(receiptToken),
          photoWarnings: warningsOfUploads(documents, uploadsById),
        }),
      deps.generateCode,
    );
    return { created: true, merchantId: row.id, registration: toResponse(row, receiptToken) };
  } catch (error) {
    // A concurrent request with the same key committed first: answer with its registration.
    if (uniqueViolation(error) === IDEMPOTENCY_KEY_CONSTRAINT) {
      const winner = await findMerchantByIdempotencyKey(deps.db, submission.idempotencyKey);
      if (winner) return replay(deps.db, winner, submission.input);
    }
    if (error instanceof CodeExhaustedError) throw new AppError(503, 'UNAVAILABLE', API_MESSAGES.unavailable);
    throw error;
  }
}

function isUploadUsed(error: unknown): boolean {
  return error instanceof AppError && error.code === 'UPLOAD_ALREADY_USED';
}

function requestedDocuments(input: RegistrationRequest): RequestedDocument[] {
  return DOCUMENT_SLOTS.flatMap((slot) => {
    const uploadId = input.documents[slot];
    return uploadId ? [{ slot, uploadId }] : [];
  });
}

type Prepared = {
  code: string;
  storageKeys: Partial<Record<DocumentSlot, string>>;
  documents: RequestedDocument[];
  receiptTokenHash: string;
  photoWarnings: PhotoWarnings;
};

async function insertRegistration(deps: RegistrationDeps, submission: Submission, prepared: Prepared): Promise<MerchantRow> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await insertMerchant(tx, merchantValues(submission, prepared, now));
    const ids = prepared.documents.map((d) => d.uploadId);
    const claimed = new Set(await claimUploads(tx, ids, row.id, now));
    // Another registration claimed (or the purge removed) an upload since the check: undo everything.
    const lost = prepared.documents.find((d) => !claimed.has(d.uploadId));
    if (lost) {
      throw new AppError(
        409,
        'UPLOAD_ALREADY_USED',
        SUBMISSION_MESSAGES.uploadUsed(DOCUMENT_SLOT_INFO[lost.slot].label),
        `documents.${lost.slot}`,
      );
    }
    await writeAudit(tx, {
      actorId: null,
      action: 'create',
      targetTable: 'merchants',
      targetId: row.id,
      diff: { created: row.namaToko, kode_pendaftaran: row.kodePendaftaran, source: 'public_registration' },
      ip: submission.ip ?? null,
      userAgent: submission.userAgent ?? null,
    });
    await enqueueReceipt(tx, { row, baseUrl: deps.baseUrl ?? '', now, perAddressPerHour: deps.mailPerAddressPerHour });
    // The machine checks (docs/decisions/0036) run after the commit, off the request path.
    await enqueueMerchantChecks(tx, row.id, now);
    return row;
  });
}

function merchantValues(submission: Submission, prepared: Prepared, now: Date): NewMerchantRow {
  const { input } = submission;
  const values: NewMerchantRow = {
    kodePendaftaran: prepared.code,
    ...profileColumns(randomUUID(), input),
    status: 'processing',
    consentAt: now,
    consentVersion: PRIVACY_NOTICE_VERSION,
    receiptTokenHash: prepared.receiptTokenHash,
    idempotencyKey: submission.idempotencyKey,
    submittedAt: now,
    queuedAt: now,
    updatedAt: now,
    peringatanFoto: prepared.photoWarnings,
  };
  for (const slot of DOCUMENT_SLOTS) values[SLOT_COLUMNS[slot]] = prepared.storageKeys[slot] ?? null;
  return values;
}

/**
 * The same Idempotency-Key again. Only the sender of the first request knows its upload ids, so the
 * documents must match before anything is answered; the receipt token cannot be read back from its hash,
 * so a fresh one replaces it (the newest answer holds the valid token). A registration an admin has
 * already handled or deleted is not replayed.
 */
async function replay(db: Db, row: MerchantRow, input: RegistrationRequest): Promise<SubmissionResult> {
  if (row.isDeleted || row.status !== 'processing') throw alreadySubmitted();
  const claimed = await findUploadsClaimedBy(db, row.id);
  const claimedBySlot = new Map(claimed.map((u) => [u.slot, u.id]));
  const sameDocuments = DOCUMENT_SLOTS.every((slot) => (input.documents[slot] ?? undefined) === claimedBySlot.get(slot));
  if (!sameDocuments) throw alreadySubmitted();
  const receiptToken = generateToken();
  await replaceReceiptTokenHash(db, row.id, hashToken(receiptToken));
  return { created: false, merchantId: row.id, registration: toResponse(row, receiptToken) };
}

function toResponse(row: MerchantRow, receiptToken: string): RegistrationResponse {
  return {
    kode_pendaftaran: row.kodePendaftaran,
    status: 'processing',
    submitted_at: row.submittedAt.toISOString(),
    receipt_token: receiptToken,
  };
}
