import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_MESSAGES } from '../domain/messages.js';
import { adminRoutes } from './admin-routes.js';
import type { AppDeps } from './app-deps.js';
import { authRoutes } from './auth/auth-routes.js';
import { registerCheckWorker } from './checks/check-worker.js';
import type { Config } from './config.js';
import { InProcessEventBus, type EventBus } from './events/event-bus.js';
import { healthRoutes } from './health/health-routes.js';
import { registerLifecycle } from './health/readiness.js';
import { frameworkErrors, registerErrorHandler } from './http/error-handler.js';
import { registerClient } from './http/not-found.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { rejectUnstorableText } from './http/unstorable-text.js';
import { createLimits } from './limits/shared-limits.js';
import { completionLogger, logDestination, loggerOptions, OneLinePerRequest } from './logger.js';
import { registerMailer } from './mail/mailer.js';
import { registerOutboxWake } from './mail/outbox-wake.js';
import { registerMetrics } from './metrics/metrics-routes.js';
import { createMetrics } from './metrics/metrics.js';
import { fixRoutes } from './perbaikan/perbaikan-routes.js';
import { registrationRoutes } from './registration/registration-routes.js';
import { crawlerRoutes } from './seo/crawler-routes.js';
import { settingsPublicRoutes } from './settings/public-settings.js';
import { invoiceRoutes } from './shop/invoice-routes.js';
import { registerOrderExpiry } from './shop/order-expiry.js';
import { paymentRoutes } from './shop/payment-routes.js';
import { shopRoutes } from './shop/shop-routes.js';
import { statusRoutes } from './status/status-routes.js';
import { registerWebhookWorker } from './webhooks/webhook-worker.js';

export type BuildOptions = Omit<AppDeps, 'db' | 'now' | 'events' | 'loginLimiter' | 'redis'> & {
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
  // One stream for the app's logger and the completed-request lines; a caller's own logger keeps both lines in it.
  const stream = options.logger === undefined && options.config.NODE_ENV !== 'test' ? logDestination() : undefined;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(options.config, stream),
    logController: new OneLinePerRequest(stream && completionLogger(options.config, stream)),
    trustProxy: trustProxyOption(options.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const limits = await createLimits(options.config, options.database, app.log);
  app.addHook('onClose', async () => limits.close());
  app.decorate('deps', {
    config: options.config,
    database: options.database,
    db: options.database.db,
    storage: options.storage,
    events: options.events ?? new InProcessEventBus(),
    clientDir: options.clientDir,
    now: options.now ?? (() => new Date()),
    loginLimiter: limits.loginLimiter,
    redis: limits.redis,
  });

  // The app owns the bus it was given: closing the app stops it.
  app.addHook('onClose', async () => app.deps.events.close());
  // The outbox's sender (decision 0018): runs from ready to close when SMTP_URL is set.
  registerMailer(app);
  // The webhook outbox's sender: every instance, from ready to close (docs/webhooks.md).
  registerWebhookWorker(app);
  // app.outbox.wake(): both senders at once, after a commit that queued to either.
  registerOutboxWake(app);
  // The machine checks after a submission (docs/decisions/0036): every instance, from ready to close.
  registerCheckWorker(app);
  registerErrorHandler(app);
  // GET /metrics (token) and the per-route request figures; routes count their own business events.
  registerMetrics(app, createMetrics(options.database));
  registerLifecycle(app);
  // Unpaid orders past their deadline expire and release their units (one instance at a time).
  registerOrderExpiry(app);
  // Before any route's own checks: text PostgreSQL cannot store is a 400, never a failed query (500).
  app.addHook('preValidation', rejectUnstorableText);
  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  // Routes opt in with their own limits (config.rateLimit); nothing is limited globally. Counted in the
  // shared store when there is one; a store that fails lets requests through (skipOnError) unless the
  // route says otherwise (sign-in).
  await app.register(fastifyRateLimit, {
    global: false,
    skipOnError: true,
    // The remaining-count headers on every answer serve no client of ours and cost the busiest routes
    // three headers each; a refusal still says when to retry (Retry-After and the limit headers).
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    ...(limits.rateLimitStore ? { store: limits.rateLimitStore } : {}),
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
      await api.register(shopRoutes);
      await api.register(paymentRoutes);
      await api.register(invoiceRoutes);
      await api.register(settingsPublicRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(adminRoutes, { prefix: '/admin' });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  await app.register(crawlerRoutes);
  await registerClient(app, options.clientDir);
  return app;
}
