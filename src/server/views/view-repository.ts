import { and, asc, eq, or } from 'drizzle-orm';
import { VIEW_MESSAGES, type SavedView, type ViewFilter, type ViewList } from '../../domain/saved-views.js';
import type { Db } from '../db/database.js';
import { isRowId } from '../db/row-id.js';
import { savedViews, users, type SavedViewRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';

function toView(row: SavedViewRow, owner: string | null, callerId: string): SavedView {
  return {
    id: row.id,
    nama: row.nama,
    daftar: row.daftar as ViewList,
    filter: row.filter as ViewFilter,
    dibagikan: row.dibagikan,
    milik_saya: row.adminId === callerId,
    pembuat: owner,
    created_at: row.createdAt.toISOString(),
  };
}

/** The caller's views and the team's shared ones, oldest first (the tabs keep their places). */
export async function listViews(db: Db, callerId: string, daftar?: ViewList): Promise<SavedView[]> {
  const visible = or(eq(savedViews.adminId, callerId), eq(savedViews.dibagikan, true));
  const rows = await db
    .select({ view: savedViews, owner: users.email })
    .from(savedViews)
    .leftJoin(users, eq(users.id, savedViews.adminId))
    .where(daftar ? and(visible, eq(savedViews.daftar, daftar)) : visible)
    .orderBy(asc(savedViews.createdAt), asc(savedViews.id));
  return rows.map((row) => toView(row.view, row.owner, callerId));
}

export async function createView(
  db: Db,
  input: { admin: { id: string; email: string }; nama: string; daftar: ViewList; filter: ViewFilter; dibagikan: boolean; now: Date },
): Promise<SavedView> {
  const [row] = await db
    .insert(savedViews)
    .values({
      adminId: input.admin.id,
      nama: input.nama,
      daftar: input.daftar,
      filter: input.filter,
      dibagikan: input.dibagikan,
      createdAt: input.now,
    })
    .returning();
  return toView(row!, input.admin.email, input.admin.id);
}

/** Only the owner deletes a view: another admin's shared view is 403, one they cannot see is 404. */
export async function deleteView(db: Db, id: string, callerId: string): Promise<void> {
  const notFound = new AppError(404, 'VIEW_NOT_FOUND', VIEW_MESSAGES.notFound);
  if (!isRowId(id)) throw notFound;
  const [row] = await db.select().from(savedViews).where(eq(savedViews.id, id)).limit(1);
  if (!row || (row.adminId !== callerId && !row.dibagikan)) throw notFound;
  if (row.adminId !== callerId) throw new AppError(403, 'NOT_VIEW_OWNER', VIEW_MESSAGES.notOwner);
  await db.delete(savedViews).where(eq(savedViews.id, id));
}
