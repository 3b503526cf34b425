import { and, eq, inArray, isNull, lt, sql, sum } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { uploads, type UploadRow } from '../db/schema.js';

export type NewUpload = typeof uploads.$inferInsert;

export async function insertUpload(db: Db, values: NewUpload): Promise<UploadRow> {
  const rows = await db.insert(uploads).values(values).returning();
  return rows[0]!;
}

/** Removes one staged row whose file could not be stored. */
export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.delete(uploads).where(and(eq(uploads.id, id), isNull(uploads.claimedBy)));
}

export async function findUploads(db: Db, ids: string[]): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(uploads).where(inArray(uploads.id, ids));
}

export async function findUploadsClaimedBy(db: Db, merchantId: string): Promise<UploadRow[]> {
  return db.select().from(uploads).where(eq(uploads.claimedBy, merchantId));
}

/**
 * Claims the uploads for a merchant and returns the ids actually claimed. `claimed_by IS NULL` in the
 * UPDATE itself makes two registrations racing for one upload impossible: the second claims nothing.
 */
export async function claimUploads(tx: Db, ids: string[], merchantId: string, at: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(uploads)
    // The address counted only against the staging share: a claimed document is the merchant's, not the IP's.
    .set({ claimedBy: merchantId, claimedAt: at, clientIp: null })
    .where(and(inArray(uploads.id, ids), isNull(uploads.claimedBy)))
    .returning({ id: uploads.id });
  return rows.map((row) => row.id);
}

/** Deletes unclaimed uploads created before the cutoff and returns their storage keys. */
export async function deleteUnclaimedUploadsBefore(db: Db, cutoff: Date): Promise<string[]> {
  const rows = await db
    .delete(uploads)
    .where(and(isNull(uploads.claimedBy), lt(uploads.createdAt, cutoff)))
    .returning({ storageKey: uploads.storageKey });
  return rows.map((row) => row.storageKey);
}

/**
 * Bytes held by staged uploads no registration has claimed: of every client, and of one IP (0 without
 * one). The total reads every unclaimed row anyway (the partial index on them), so the IP's share comes
 * from the same rows.
 */
export async function stagedBytes(db: Db, clientIp: string | null): Promise<{ total: number; client: number }> {
  // Both sums in one scan: every upload checks both, and two statements were two round trips per photo.
  const client =
    clientIp === null
      ? sql<string | null>`null`
      : sql<string | null>`sum(${uploads.size}) filter (where ${uploads.clientIp} = ${clientIp})`;
  const [row] = await db
    .select({ total: sum(uploads.size), client })
    .from(uploads)
    .where(isNull(uploads.claimedBy));
  return { total: Number(row?.total ?? 0), client: Number(row?.client ?? 0) };
}
