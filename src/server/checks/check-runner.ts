import { z } from 'zod';
import { ACCOUNT_NAME_MESSAGES, accountNameMatches } from '../../domain/account-name.js';
import { CHECK_MESSAGES, photoLabel } from '../../domain/machine-checks.js';
import { maskNikForAdmin } from '../../domain/masking.js';
import { decodeNik, NIK_MESSAGES, provinceDiffers } from '../../domain/nik-structure.js';
import type { AppDeps } from '../app-deps.js';
import { merchantNik } from '../db/merchant-columns.js';
import { findMerchant } from '../db/merchant-rows.js';
import type { MerchantRow } from '../db/schema.js';
import { planChecks, planKey, type PlannedCheck } from './check-plan.js';
import { UnreadablePhotoError, type CheckProcess } from './check-process.js';
import { addDuplicateMatch, listStoredChecks, storeCheck, type CheckOutcome } from './check-repository.js';
import { SAME_PHOTO_MAX_DIFFERENCE } from './photo-compare.js';
import { findSamePhotos, storePhotoHashes, type SamePhoto } from './photo-hash-repository.js';
import { photoWarningTexts } from './photo-warnings.js';

type CheckRunnerDeps = Pick<AppDeps, 'db' | 'storage' | 'now' | 'events'> & {
  /** Hashes, comparisons and the OCR, in a process of their own. */
  cpu: CheckProcess;
};

export const MERCHANT_CHECKS_JOB = 'merchant_checks';
const MerchantChecksPayloadSchema = z.object({ merchantId: z.uuid() });

const missing = (slot: string): CheckOutcome => ({ result: 'tidak_terbaca', detail: `${photoLabel(slot)} tidak ditemukan` });

/**
 * The job: every check of the registration whose result for the current version is not stored yet. A
 * purged or deleted registration has nothing left to check. Live screens hear of each merchant whose
 * results changed (this one, and any earlier registration found to share a photo with it).
 */
export async function runMerchantChecks(deps: CheckRunnerDeps, payload: unknown): Promise<void> {
  const { merchantId } = MerchantChecksPayloadSchema.parse(payload);
  const row = await findMerchant(deps.db, merchantId);
  if (!row || row.purgedAt) return;
  const stored = new Set((await listStoredChecks(deps.db, merchantId)).map(planKey));
  const due = planChecks(row).filter((check) => !stored.has(planKey(check)));
  const touched = new Set<string>();
  const run = async (check: PlannedCheck) => {
    const outcome = await evaluate(deps, row, check, touched);
    await storeCheck(deps.db, merchantId, check, outcome, deps.now());
    touched.add(merchantId);
  };
  // The KTP's reading (tesseract, on its own thread in the checks' process) goes on while the rest run:
  // a job then takes about its reading's time, not the sum (decision 0050).
  const reading = Promise.all(due.filter((check) => check.kind === 'ktp_ocr').map(run));
  try {
    for (const check of due.filter((check) => check.kind !== 'ktp_ocr')) await run(check);
  } finally {
    // Never left running after the job: a retry or the server's close would race it.
    await reading.catch(() => undefined);
  }
  await reading;
  for (const id of touched) await deps.events.publish({ kind: 'checks_changed', merchant_id: id });
}

async function evaluate(deps: CheckRunnerDeps, row: MerchantRow, check: PlannedCheck, touched: Set<string>): Promise<CheckOutcome> {
  switch (check.kind) {
    case 'kualitas_foto': {
      const texts = photoWarningTexts(row, check.slot);
      return texts.length > 0 ? { result: 'peringatan', detail: texts.join('; ') } : { result: 'lulus', detail: CHECK_MESSAGES.qualityOk };
    }
    case 'ktp_ocr':
      return readKtp(deps, row);
    case 'foto_duplikat':
      return samePhotos(deps, row, check, touched);
    case 'nama_rekening':
      return accountNameMatches(row.namaPemilik, row.namaRekening)
        ? { result: 'lulus', detail: CHECK_MESSAGES.accountNameOk }
        : { result: 'peringatan', detail: ACCOUNT_NAME_MESSAGES.mismatch };
    case 'struktur_nik': {
      const decoded = decodeNik(merchantNik(row), deps.now());
      if (decoded.problems.length > 0)
        return { result: 'peringatan', detail: decoded.problems.map((p) => NIK_MESSAGES.problems[p]).join('; ') };
      return decoded.birth_date
        ? { result: 'lulus', detail: CHECK_MESSAGES.nikStructureOk }
        : { result: 'peringatan', detail: NIK_MESSAGES.structureWarning };
    }
    case 'provinsi_nik': {
      const decoded = decodeNik(merchantNik(row), deps.now());
      if (decoded.province_name === null) return { result: 'peringatan', detail: CHECK_MESSAGES.provinceUnknown };
      return provinceDiffers(decoded, row.provinsi)
        ? { result: 'peringatan', detail: NIK_MESSAGES.provinceMismatch }
        : { result: 'lulus', detail: CHECK_MESSAGES.provinceOk };
    }
  }
}

/**
 * cocok, berbeda (the NIK read, masked as the admin screens mask NIKs), or tidak terbaca. Never logged. The
 * NIK alone decides the result: tesseract misreads names more often than NIKs (decision 0050), so the
 * name and the birth date (against the one the typed NIK holds) are told in the detail, for the reviewer.
 */
async function readKtp(deps: CheckRunnerDeps, row: MerchantRow): Promise<CheckOutcome> {
  const image = row.fotoKtp ? await deps.storage.get(row.fotoKtp) : null;
  if (!image) return missing('foto_ktp');
  const read = await deps.cpu.ktp.read(image);
  const typedNik = merchantNik(row).replace(/\D/g, '');
  const typedBirthDate = decodeNik(typedNik, deps.now()).birth_date;
  const others = [
    CHECK_MESSAGES.ktpName(read.nama, read.nama !== null && accountNameMatches(row.namaPemilik, read.nama)),
    CHECK_MESSAGES.ktpBirthDate(read.tanggal_lahir, read.tanggal_lahir === typedBirthDate),
  ].join('; ');
  const nik = read.nik?.replace(/\D/g, '') ?? '';
  if (nik.length !== 16) return { result: 'tidak_terbaca', detail: `${CHECK_MESSAGES.ktpUnreadable}; ${others}` };
  if (nik === typedNik) return { result: 'lulus', detail: `${CHECK_MESSAGES.ktpMatches}; ${others}` };
  return { result: 'gagal', detail: `${CHECK_MESSAGES.ktpDiffers(maskNikForAdmin(nik))}; ${others}` };
}

/** The photo's hashes stored, then looked up among other live registrations; both sides are flagged. */
async function samePhotos(deps: CheckRunnerDeps, row: MerchantRow, check: PlannedCheck, touched: Set<string>): Promise<CheckOutcome> {
  const image = await deps.storage.get(check.version);
  if (!image) return missing(check.slot);
  let hashes: bigint[];
  try {
    hashes = await deps.cpu.hashes(image);
  } catch (error) {
    if (error instanceof UnreadablePhotoError) return { result: 'tidak_terbaca', detail: `${photoLabel(check.slot)} tidak dapat dibaca` };
    throw error;
  }
  await storePhotoHashes(deps.db, row.id, check.slot, check.version, hashes);
  const matches = await confirmed(deps, image, await findSamePhotos(deps.db, row.id, hashes));
  if (matches.length === 0) return { result: 'lulus', detail: CHECK_MESSAGES.noDuplicate };
  for (const match of matches) {
    const mine = duplicateLabel(row.kodePendaftaran, check.slot, match.slot);
    await addDuplicateMatch(
      deps.db,
      match.merchant_id,
      match.slot,
      match.storage_key,
      mine,
      CHECK_MESSAGES.duplicate(match.slot, [mine]),
      deps.now(),
    );
    touched.add(match.merchant_id);
  }
  const codes = matches.map((match) => duplicateLabel(match.kode_pendaftaran, match.slot, check.slot));
  return { result: 'peringatan', detail: CHECK_MESSAGES.duplicate(check.slot, codes), data: codes };
}

/** The candidates the aligned comparison confirms: a photo of the same document template is not the same photo. */
async function confirmed(deps: CheckRunnerDeps, image: Buffer, candidates: SamePhoto[]): Promise<SamePhoto[]> {
  if (candidates.length === 0) return [];
  const others = await Promise.all(candidates.map((candidate) => deps.storage.get(candidate.storage_key)));
  const differences = await deps.cpu.differences(image, others);
  return candidates.filter((_, i) => {
    const difference = differences[i];
    return difference !== null && difference !== undefined && difference <= SAME_PHOTO_MAX_DIFFERENCE;
  });
}

/** `AIP-XXXXX`, or `AIP-XXXXX (Foto Usaha)` when the other registration holds the photo in another slot. */
function duplicateLabel(code: string, theirSlot: string, mySlot: string): string {
  return theirSlot === mySlot ? code : `${code} (${photoLabel(theirSlot)})`;
}
