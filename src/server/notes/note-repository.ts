import { asc, eq } from 'drizzle-orm';
import type { MerchantNote } from '../../domain/notes.js';
import { auditActor, writeAudit } from '../audit/public.js';
import type { Db } from '../db/database.js';
import { merchantNotes, users } from '../db/schema.js';

export type NoteAuthor = { id: string; email: string; ip?: string | null; userAgent?: string | null };

/** The thread of one merchant, oldest first, with each author's e-mail. */
export async function listNotes(db: Db, merchantId: string): Promise<MerchantNote[]> {
  const rows = await db
    .select({ id: merchantNotes.id, teks: merchantNotes.teks, penulis: users.email, createdAt: merchantNotes.createdAt })
    .from(merchantNotes)
    .leftJoin(users, eq(users.id, merchantNotes.adminId))
    .where(eq(merchantNotes.merchantId, merchantId))
    .orderBy(asc(merchantNotes.createdAt), asc(merchantNotes.id));
  return rows.map((row) => ({ id: row.id, teks: row.teks, penulis: row.penulis, created_at: row.createdAt.toISOString() }));
}

/**
 * Adds a note and its audit row `note_added` in one transaction. The audit row names the note and its
 * length, never its text: the trail is read more widely (the applicant's export holds their merchant's trail).
 */
export async function addNote(db: Db, input: { merchantId: string; teks: string; author: NoteAuthor; now: Date }): Promise<MerchantNote> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(merchantNotes)
      .values({ merchantId: input.merchantId, adminId: input.author.id, teks: input.teks, createdAt: input.now })
      .returning();
    await writeAudit(tx, {
      ...auditActor(input.author),
      action: 'note_added',
      targetTable: 'merchants',
      targetId: input.merchantId,
      diff: { note_id: row!.id, panjang: input.teks.length },
    });
    return { id: row!.id, teks: row!.teks, penulis: input.author.email, created_at: row!.createdAt.toISOString() };
  });
}
