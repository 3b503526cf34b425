import { readFileSync } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SystemInfoSchema } from '../../domain/settings.js';
import { storageLabel } from '../storage/create-storage.js';

// src/server/settings and BUILD_DIR/server/settings both sit three levels below the package root.
const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** GET /api/admin/system: the facts the Settings screen lists, read from the running server. */
export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/system', { schema: { tags: ['admin'], response: { 200: SystemInfoSchema } } }, async () => ({
    version: PACKAGE_VERSION,
    database: await app.deps.database.describe(),
    storage: storageLabel(app.deps.storage),
    environment: app.deps.config.NODE_ENV,
  }));
};
