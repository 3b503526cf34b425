import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, Db } from './db/database.js';
import { adminRoutes } from './admin/admin-routes.js';
import { authRoutes } from './auth/auth-routes.js';
import { InProcessEventBus, type EventBus } from './events/event-bus.js';
import { healthRoutes } from './health/health-routes.js';
import { frameworkErrors, registerErrorHandler } from './http/error-handler.js';
import { registerClient } from './http/not-found.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { rejectUnstorableText } from './http/unstorable-text.js';
import { loggerOptions } from './logger.js';
import { registerMailer } from './mail/mailer.js';
import type { Storage } from './storage/storage.js';
import { registrationRoutes } from './registration/registration-routes.js';
import { statusRoutes } from './status/status-routes.js';
import { fixRoutes } from './perbaikan/fix-routes.js';
import { API_MESSAGES } from '../domain/messages.js';

export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  /** Document bytes: local disk under DATA_DIR/files by default. */
  storage: Storage;
  /** Merchant change announcements for the admin screens' live updates. */
  events: EventBus;
  /** Built client to serve, or null (API only, as in the API tests). */
  clientDir: string | null;
  /** Injected so tests can move time (session timeouts, purges). */
  now: () => Date;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type BuildOptions = Omit<AppDeps, 'db' | 'now' | 'events'> & {
  now?: () => Date;
  /** Defaults to in-process; with PostgreSQL, pass a PostgresEventBus so processes hear each other. */
  events?: EventBus;
  logger?: FastifyServerOptions['logger'];
};

/** A hop count trusts that many proxies nearest to us (Fastify takes a number too, its types do not). */
function trustProxyOption(setting: Config['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(options.config),
    trustProxy: trustProxyOption(options.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', {
    config: options.config,
    database: options.database,
    db: options.database.db,
    storage: options.storage,
    events: options.events ?? new InProcessEventBus(),
    clientDir: options.clientDir,
    now: options.now ?? (() => new Date()),
  });

  // The app owns the bus it was given: closing the app stops it.
  app.addHook('onClose', async () => app.deps.events.close());
  // The outbox's sender (issue 15): runs from ready to close when SMTP_URL is set.
  registerMailer(app);
  registerErrorHandler(app);
  // Before any route's own checks: text PostgreSQL cannot store is a 400, never a failed query (500).
  app.addHook('preValidation', rejectUnstorableText);
  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  // Routes opt in with their own limits (config.rateLimit); nothing is limited globally.
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: { code: 'RATE_LIMITED', message: API_MESSAGES.tooManyRequests },
    }),
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'AIPOS Merchant Portal API', version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(registrationRoutes);
      await api.register(statusRoutes);
      await api.register(fixRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(adminRoutes, { prefix: '/admin' });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  await registerClient(app, options.clientDir);
  return app;
}
