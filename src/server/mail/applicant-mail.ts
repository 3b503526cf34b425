import { applicantReasonTexts } from '../../domain/reason-codes.js';
import { normalizeStatus } from '../../domain/vocabularies.js';
import type { Db } from '../db/database.js';
import type { MerchantRow } from '../db/schema.js';
import { readSettings } from '../settings/public.js';
import { dataChangedMail, receiptMail, statusMail, type FixLink } from './mail-templates.js';
import { enqueueMail } from './outbox.js';

const mailMerchant = (row: MerchantRow) => ({ kodePendaftaran: row.kodePendaftaran, namaToko: row.namaToko, namaPemilik: row.namaPemilik });

/** Queues the receipt of a registration or of a resubmission; receipts go out whatever the settings say. */
export async function enqueueReceipt(
  tx: Db,
  input: { row: MerchantRow; baseUrl: string; now: Date; resubmission?: boolean; perAddressPerHour?: number },
): Promise<void> {
  await enqueueMail(tx, {
    merchantId: input.row.id,
    kind: input.resubmission ? 'resubmission_receipt' : 'receipt',
    to: input.row.email,
    content: receiptMail(
      mailMerchant(input.row),
      input.resubmission ? input.now : input.row.submittedAt,
      input.baseUrl,
      input.resubmission,
    ),
    now: input.now,
    ...(input.perAddressPerHour === undefined ? {} : { perAddressPerHour: input.perAddressPerHour }),
  });
}

/**
 * Queues the status mail for verified, rejected and data_tidak_lengkap (processing is not news to the
 * applicant). With e-mail notifications off in Admin → Settings it is recorded as `skipped`, except the
 * mail that carries a fix link: that link reaches the applicant by this mail only (decision 0040), so a fix
 * request is always sent.
 */
export async function enqueueStatusMail(
  tx: Db,
  input: { row: MerchantRow; baseUrl: string; fix: FixLink | null; now: Date },
): Promise<void> {
  const status = normalizeStatus(input.row.status);
  if (status === 'processing') return;
  const settings = await readSettings(tx);
  await enqueueMail(tx, {
    merchantId: input.row.id,
    kind: 'status',
    to: input.row.email,
    content: statusMail(
      mailMerchant(input.row),
      status,
      input.row.catatanAdmin,
      input.baseUrl,
      input.fix,
      applicantReasonTexts(input.row.kodeAlasan),
    ),
    skipped: !settings.email_notifications && input.fix === null,
    now: input.now,
  });
}

/**
 * Queues the notice to the address the registration had before a fix link changed its e-mail, phone or
 * bank account. A security notice: sent whatever the settings say and outside the public receipts' cap.
 */
export async function enqueueDataChangeNotice(
  tx: Db,
  input: { before: MerchantRow; fieldLabels: string[]; baseUrl: string; now: Date },
): Promise<void> {
  await enqueueMail(tx, {
    merchantId: input.before.id,
    kind: 'data_change_notice',
    to: input.before.email,
    content: dataChangedMail(mailMerchant(input.before), input.fieldLabels, input.now, input.baseUrl),
    now: input.now,
  });
}
