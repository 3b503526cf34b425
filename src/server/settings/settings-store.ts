import { eq } from 'drizzle-orm';
import { AppSettingsSchema, SETTINGS_DEFAULTS, type AppSettings } from '../../domain/settings.js';
import { auditActor, writeAudit } from '../audit/public.js';
import type { Db } from '../db/database.js';
import { appSettings } from '../db/schema.js';

/**
 * What was saved, each field checked, without the defaults: a field never saved is absent (the session
 * timeout then follows the server's SESSION_IDLE_MINUTES).
 */
async function readStored(db: Db): Promise<Partial<AppSettings>> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.id, 1));
  const stored = (row?.value ?? {}) as Record<string, unknown>;
  const valid: Record<string, unknown> = {};
  for (const key of Object.keys(SETTINGS_DEFAULTS) as (keyof AppSettings)[]) {
    const field = AppSettingsSchema.shape[key].safeParse(stored[key]);
    if (field.success) valid[key] = field.data;
  }
  return valid as Partial<AppSettings>;
}

/**
 * The settings as stored, over the defaults: a field a later version added, or a stored value a later rule
 * no longer accepts, reads as its default instead of failing every request.
 */
export async function readSettings(db: Db): Promise<AppSettings> {
  return { ...SETTINGS_DEFAULTS, ...(await readStored(db)) };
}

/**
 * The saved settings for the hot paths (every public write, every admin request's session check): read at
 * most once per CACHE_MS per database, and at once after a save in this process. Another server process
 * sees a save within CACHE_MS.
 */
const CACHE_MS = 5_000;
const cache = new WeakMap<Db, { at: number; value: Promise<Partial<AppSettings>> }>();

export function cachedStoredSettings(db: Db, nowMs = Date.now()): Promise<Partial<AppSettings>> {
  const hit = cache.get(db);
  if (hit && nowMs - hit.at < CACHE_MS) return hit.value;
  const value = readStored(db);
  // A failed read is not remembered: the next request tries again.
  value.catch(() => cache.delete(db));
  cache.set(db, { at: nowMs, value });
  return value;
}

export async function cachedSettings(db: Db): Promise<AppSettings> {
  return { ...SETTINGS_DEFAULTS, ...(await cachedStoredSettings(db)) };
}

export type SettingsActor = { id: string; ip?: string | null; userAgent?: string | null };

/** Replaces the settings and writes the settings_update audit row (before and after) in one transaction. */
export async function saveSettings(db: Db, next: AppSettings, actor: SettingsActor, now: Date): Promise<AppSettings> {
  const saved = await db.transaction(async (tx) => {
    // Serialises two admins saving at once, so each audit row's `before` is what the other saved.
    const [locked] = await tx.select({ id: appSettings.id }).from(appSettings).where(eq(appSettings.id, 1)).for('update');
    const before = await readSettings(tx);
    if (locked) {
      await tx.update(appSettings).set({ value: next, updatedBy: actor.id, updatedAt: now }).where(eq(appSettings.id, 1));
    } else {
      await tx
        .insert(appSettings)
        .values({ id: 1, value: next, updatedBy: actor.id, updatedAt: now })
        .onConflictDoUpdate({
          target: appSettings.id,
          set: { value: next, updatedBy: actor.id, updatedAt: now },
        });
    }
    await writeAudit(tx, {
      ...auditActor(actor),
      action: 'settings_update',
      targetTable: 'app_settings',
      targetId: '1',
      diff: { before, after: next },
    });
    return next;
  });
  cache.delete(db);
  return saved;
}
