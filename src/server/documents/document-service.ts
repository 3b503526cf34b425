import { eq } from 'drizzle-orm';
import { DOCUMENT_SLOT_INFO, type DocumentSlot } from '../../domain/document-slots.js';
import { MESSAGES } from '../../domain/messages.js';
import type { AppDeps } from '../app-deps.js';
import { auditActor, writeAudit } from '../audit/public.js';
import { enqueueMerchantChecks } from '../checks/public.js';
import { SLOT_COLUMNS } from '../db/merchant-columns.js';
import { requireLockedMerchant, requireMerchant } from '../db/merchant-rows.js';
import { merchants, type MerchantRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { Actor } from '../merchants/public.js';
import { cleanFileName } from '../shared/file-names.js';
import { recordFailedDeletion } from '../storage/pending-deletions.js';
import { newDocumentKey } from '../storage/storage-keys.js';
import { detectDocumentType, prepareDocument } from '../uploads/document-processing.js';
import { replaceSlotWarnings } from '../uploads/photo-warnings.js';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'now'>;

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };

const documentMissing = () => new AppError(404, 'DOCUMENT_NOT_FOUND', MESSAGES.documentMissing);

export type StoredDocument = { bytes: Buffer; contentType: string; filename: string; merchant: MerchantRow };

/** `{kode}-{slug}.{ext}`, e.g. `AIP-AB12C-selfie-ktp.jpg`: what the admin's download is called. */
export function documentFilename(merchant: MerchantRow, slot: DocumentSlot, key: string): string {
  const extension = key.split('.').pop() ?? 'bin';
  return `${merchant.kodePendaftaran}-${DOCUMENT_SLOT_INFO[slot].slug}.${extension}`;
}

export async function readDocument(deps: Deps, merchantId: string, slot: DocumentSlot): Promise<StoredDocument> {
  const merchant = await requireMerchant(deps.db, merchantId);
  const key = merchant[SLOT_COLUMNS[slot]];
  if (!key) throw documentMissing();
  const bytes = await deps.storage.get(key);
  // A row pointing at missing bytes is reported as missing, never as a server error page.
  if (!bytes) throw documentMissing();
  const extension = key.split('.').pop() ?? '';
  return {
    bytes,
    contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
    filename: documentFilename(merchant, slot, key),
    merchant,
  };
}

export async function auditDocumentRead(
  deps: Deps,
  actor: Actor,
  merchantId: string,
  slot: DocumentSlot,
  filename: string,
  action: 'document_view' | 'document_download',
): Promise<void> {
  await writeAudit(deps.db, {
    ...auditActor(actor),
    action,
    targetTable: 'merchants',
    targetId: merchantId,
    diff: { kind: slot, filename },
  });
}

/**
 * Replaces a slot's file. Order matters for consistency: the new bytes are stored first, then the row
 * points at them (with the audit row, one transaction), and only then is the old file removed. A failed
 * database step removes the new file again; a failed removal of the old file leaves an unreferenced file
 * (logged), never a row pointing at nothing.
 */
export async function replaceDocument(
  deps: Deps,
  actor: Actor,
  merchantId: string,
  slot: DocumentSlot,
  upload: { filename: string; bytes: Buffer },
  onOrphan: (key: string, error: unknown) => void,
): Promise<MerchantRow> {
  await requireMerchant(deps.db, merchantId);
  const type = await detectDocumentType(slot, upload.bytes);
  // docs/spec.md §5: an admin replacement is always a photo, whatever the slot took at registration.
  if (type !== 'image/jpeg' && type !== 'image/png') throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', MESSAGES.fileTypeAdmin, slot);
  const prepared = await prepareDocument(slot, upload.bytes);
  const newKey = newDocumentKey(prepared.extension);
  await deps.storage.put(newKey, prepared.data, prepared.contentType);

  let oldKey: string | null = null;
  let updated: MerchantRow;
  try {
    updated = await deps.db.transaction(async (tx) => {
      const row = await requireLockedMerchant(tx, merchantId);
      oldKey = row[SLOT_COLUMNS[slot]];
      const [saved] = await tx
        .update(merchants)
        // The applicant's kept warning was about the replaced photo, not this one (decision 0035).
        .set({ [SLOT_COLUMNS[slot]]: newKey, updatedAt: deps.now(), peringatanFoto: replaceSlotWarnings(row.peringatanFoto, [slot]) })
        .where(eq(merchants.id, merchantId))
        .returning();
      await writeAudit(tx, {
        ...auditActor(actor),
        action: 'document_reupload',
        targetTable: 'merchants',
        targetId: merchantId,
        // The audit row shows the name as a label: cleaned like an applicant's upload name.
        diff: { kind: slot, old_url: oldKey, new_url: newKey, filename: cleanFileName(upload.filename), size: prepared.data.length },
      });
      // The new photo is checked like an applicant's (docs/decisions/0036).
      await enqueueMerchantChecks(tx, merchantId, deps.now());
      return saved!;
    });
  } catch (error) {
    await deps.storage.delete(newKey).catch((cleanupError: unknown) => onOrphan(newKey, cleanupError));
    throw error;
  }
  if (oldKey && oldKey !== newKey) {
    const stale = oldKey;
    // A failed removal waits in pending_deletions for the retention job's retry, never forgotten.
    await deps.storage.delete(stale).catch(async (error: unknown) => {
      onOrphan(stale, error);
      await recordFailedDeletion(deps.db, stale, error, deps.now()).catch((recordError: unknown) => onOrphan(stale, recordError));
    });
  }
  return updated;
}
