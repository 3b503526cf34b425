import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '../../domain/document-slots.js';
import { MAINTENANCE_MESSAGE, PublicSettingsSchema } from '../../domain/settings.js';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { cachedSettings } from './settings-store.js';

/**
 * The public writes (registration, staged uploads, fix-link submissions) refuse with 503 while the admin has
 * maintenance mode on; status lookup, public reads and the admin area keep working. Checked on onRequest,
 * before a byte of the body is read.
 */
export function refuseDuringMaintenance(db: Db): onRequestAsyncHookHandler {
  return async () => {
    if ((await cachedSettings(db)).maintenance_mode) throw new AppError(503, 'MAINTENANCE', MAINTENANCE_MESSAGE);
  };
}

/** The upload limit the admin set (1-3 MB), in bytes: never above SPEC's 3 MB. */
export async function uploadLimitBytes(db: Db): Promise<number> {
  return Math.min(MAX_UPLOAD_BYTES, (await cachedSettings(db)).max_upload_mb * 1024 * 1024);
}

/** GET /api/settings/public: what the wizard and the fix page need, without sign-in. */
export const settingsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/public',
    { schema: { tags: ['public'], summary: 'Maintenance mode and the upload limit', response: { 200: PublicSettingsSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const settings = await cachedSettings(app.deps.db);
      return { maintenance_mode: settings.maintenance_mode, max_upload_mb: settings.max_upload_mb };
    },
  );
};
