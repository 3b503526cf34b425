import { eq } from 'drizzle-orm';
import { AppSettingsSchema, SETTINGS_DEFAULTS, type AppSettings } from '../../domain/settings.js';
import { writeAudit } from '../audit/audit-repository.js';
import type { Db } from '../db/database.js';
import { appSettings } from '../db/schema.js';

/**
 * The settings as stored, over the defaults: a field a later version added, or a stored value a later rule
 * no longer accepts, reads as its default instead of failing every request.
 */
export async function readSettings(db: Db): Promise<AppSettings> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.id, 1));
  const stored = (row?.value ?? {}) as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...SETTINGS_DEFAULTS };
  for (const key of Object.keys(SETTINGS_DEFAULTS) as (keyof AppSettings)[]) {
    const field = AppSettingsSchema.shape[key].safeParse(stored[key]);
    if (field.success) merged[key] = field.data;
  }
  return merged as AppSettings;
}

export type SettingsActor = { id: string; ip?: string | null; userAgent?: string | null };

/** Replaces the settings and writes the settings_update audit row (before and after) in one transaction. */
export async function saveSettings(db: Db, next: AppSettings, actor: SettingsActor, now: Date): Promise<AppSettings> {
  return db.transaction(async (tx) => {
    // Serialises two admins saving at once, so each audit row's `before` is what the other saved.
    const [locked] = await tx.select({ id: appSettings.id }).from(appSettings).where(eq(appSettings.id, 1)).for('update');
    const before = await readSettings(tx);
    if (locked) {
      await tx.update(appSettings).set({ value: next, updatedBy: actor.id, updatedAt: now }).where(eq(appSettings.id, 1));
    } else {
      await tx.insert(appSettings).values({ id: 1, value: next, updatedBy: actor.id, updatedAt: now }).onConflictDoUpdate({
        target: appSettings.id,
        set: { value: next, updatedBy: actor.id, updatedAt: now },
      });
    }
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'settings_update',
      targetTable: 'app_settings',
      targetId: '1',
      diff: { before, after: next },
      ip: actor.ip ?? null,
      userAgent: actor.userAgent ?? null,
    });
    return next;
  });
}
