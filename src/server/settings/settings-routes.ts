import { readFileSync } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../domain/api-error.js';
import { AppSettingsSchema, SystemInfoSchema } from '../../domain/settings.js';
import { requireAdmin } from '../http/admin-principal.js';
import { storageLabel } from '../storage/create-storage.js';
import { countPendingDeletions } from '../storage/pending-deletions.js';
import { readSettings, saveSettings } from './settings-store.js';

// src/server/settings and BUILD_DIR/server/settings both sit three levels below the package root.
const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/**
 * GET /api/admin/system: the facts the Settings screen lists, read from the running server.
 * GET/PUT /api/admin/settings: the persisted application settings (decision 0018), audited on every save.
 */
export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/system', { schema: { tags: ['admin'], response: { 200: SystemInfoSchema } } }, async () => ({
    version: PACKAGE_VERSION,
    database: await app.deps.database.describe(),
    storage: storageLabel(app.deps.storage),
    environment: app.deps.config.NODE_ENV,
    pending_deletions: await countPendingDeletions(app.deps.db),
  }));

  app.get('/settings', { schema: { tags: ['admin'], response: { 200: AppSettingsSchema } } }, async () => readSettings(app.deps.db));

  app.put(
    '/settings',
    { schema: { tags: ['admin'], body: AppSettingsSchema, response: { 200: AppSettingsSchema, 400: ApiErrorSchema } } },
    async (request) => {
      const admin = requireAdmin(request);
      return saveSettings(
        app.deps.db,
        request.body,
        { id: admin.id, ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
        app.deps.now(),
      );
    },
  );
};
