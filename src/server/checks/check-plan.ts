import { createHash } from 'node:crypto';
import { DOCUMENT_SLOTS, type DocumentSlot } from '../../domain/document-slots.js';
import type { CheckKind } from '../../domain/machine-checks.js';
import { SLOT_COLUMNS } from '../db/merchant-columns.js';
import type { MerchantRow } from '../db/schema.js';

/** One check a registration should have, on the current input it reads. */
export type PlannedCheck = { kind: CheckKind; slot: DocumentSlot | ''; version: string };

/** A digest of typed values: a new value is a new version. NIKs enter only as their keyed hash. */
function digest(...values: (string | null)[]): string {
  return createHash('sha256').update(JSON.stringify(values)).digest('hex').slice(0, 24);
}

/** The slots holding a photo now (NPWP and SIUP/NIB may be a PDF). */
function photoSlots(row: MerchantRow): { slot: DocumentSlot; key: string }[] {
  return DOCUMENT_SLOTS.flatMap((slot) => {
    const key = row[SLOT_COLUMNS[slot]];
    return key && !key.toLowerCase().endsWith('.pdf') ? [{ slot, key }] : [];
  });
}

/**
 * The checks a registration should have and the version each is of: a document's storage key (a
 * replacement is a new key), or a digest of the typed values the check compares. A stored result of
 * another version is out of date: the check runs again.
 */
export function planChecks(row: MerchantRow): PlannedCheck[] {
  const photos = photoSlots(row);
  const plan: PlannedCheck[] = photos.map(({ slot, key }) => ({ kind: 'kualitas_foto', slot, version: key }));
  if (row.fotoKtp) plan.push({ kind: 'ktp_ocr', slot: 'foto_ktp', version: `${row.fotoKtp}|${row.nikHash ?? ''}` });
  plan.push(...photos.map(({ slot, key }): PlannedCheck => ({ kind: 'foto_duplikat', slot, version: key })));
  // The keyed hash follows the NIK (an erased row has none, and no checks).
  const nikVersion = row.nikHash ?? '';
  plan.push(
    { kind: 'nama_rekening', slot: '', version: digest(row.namaPemilik, row.namaRekening) },
    { kind: 'struktur_nik', slot: '', version: nikVersion },
    { kind: 'provinsi_nik', slot: '', version: digest(nikVersion, row.provinsi) },
  );
  return plan;
}

export const planKey = (check: { kind: string; slot: string; version: string }) => `${check.kind}|${check.slot}|${check.version}`;
