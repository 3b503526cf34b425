import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdminRequest } from './admin/admin-guard.js';
import { eventAdminRoutes } from './admin/event-routes.js';
import { passwordAdminRoutes } from './admin/password-routes.js';
import { totpAdminRoutes } from './admin/totp-routes.js';
import { auditAdminRoutes } from './audit/audit-routes.js';
import { checkAdminRoutes } from './checks/check-routes.js';
import { documentAdminRoutes } from './documents/document-routes.js';
import { noStore } from './http/no-store.js';
import { merchantAdminRoutes } from './merchants/merchant-routes.js';
import { messageAdminRoutes } from './merchants/message-routes.js';
import { noteAdminRoutes } from './notes/note-routes.js';
import { settingsAdminRoutes } from './settings/settings-routes.js';
import { deviceAdminRoutes } from './shop/device-routes.js';
import { fulfilmentAdminRoutes } from './shop/fulfilment-routes.js';
import { orderAdminRoutes } from './shop/order-admin-routes.js';
import { viewAdminRoutes } from './views/view-routes.js';
import { webhookAdminRoutes } from './webhooks/webhook-routes.js';
import { claimAdminRoutes } from './workbench/claim-routes.js';
import { reasonCodeAdminRoutes } from './workbench/reason-code-routes.js';
import { workbenchAdminRoutes } from './workbench/workbench-routes.js';

const NoQuerySchema = z.object({}).strict();

/**
 * Everything under /api/admin, behind ONE guard: the onRequest hook below runs for every route of this
 * plugin and of every plugin registered inside it (Fastify encapsulation), so no route repeats a check.
 *
 * Adding admin routes: write a plugin with paths relative to /api/admin and register it
 * below the hook, e.g. `await app.register(merchantAdminRoutes);` (GET /merchants → /api/admin/merchants).
 * In a handler, `requireAdmin(request)` (src/server/http/admin-principal.ts) gives the signed-in admin
 * ({ id, email, role, sessionId }) for audit rows. Never register an admin route anywhere else (app.ts
 * or another plugin with an /admin prefix): it would miss the hook. admin-guard.test.ts walks Fastify's
 * whole route table and fails for any /api/admin route that answers without a signed-in admin, and for
 * any write that a foreign Origin can make. A route that an admin without a second factor must reach
 * while REQUIRE_ADMIN_MFA is on says so with `config: { allowWithoutSecondFactor: true }` (enrolment only).
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdminRequest);
  app.addHook('onSend', noStore);
  // Unknown query fields are refused everywhere here, not only on routes that declare a query.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, querystring: route.schema?.querystring ?? NoQuerySchema };
  });

  await app.register(totpAdminRoutes);
  await app.register(passwordAdminRoutes);
  // Feature routes register here.
  await app.register(merchantAdminRoutes);
  await app.register(auditAdminRoutes);
  await app.register(documentAdminRoutes);
  await app.register(eventAdminRoutes);
  await app.register(settingsAdminRoutes);
  await app.register(messageAdminRoutes);
  await app.register(workbenchAdminRoutes);
  await app.register(checkAdminRoutes);
  await app.register(claimAdminRoutes);
  await app.register(orderAdminRoutes);
  await app.register(fulfilmentAdminRoutes);
  await app.register(deviceAdminRoutes);
  await app.register(webhookAdminRoutes);
  await app.register(noteAdminRoutes);
  await app.register(viewAdminRoutes);
  await app.register(reasonCodeAdminRoutes);
};
