import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_MESSAGES } from '../../domain/messages.js';
import { AppError } from '../http/app-error.js';
import { unauthenticated } from '../http/auth-errors.js';
import { httpMetrics, type Metrics } from './metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

// Unmatched URLs (scanners, the SPA fallback) share one label: a label per path would grow without end.
const UNMATCHED = 'unmatched';

function sameSecret(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

function bearer(request: FastifyRequest): string | null {
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * Counts every answered request by method, route template and status, and serves GET /metrics on the
 * app's port when METRICS_TOKEN is set (Authorization: Bearer). Without a token it is 404, as if absent.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.decorate('metrics', metrics);
  const http = httpMetrics(metrics.registry);
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED, status: String(reply.statusCode) };
    http.requests.inc(labels);
    http.duration.observe(labels, reply.elapsedTime / 1000);
  });

  const token = app.deps.config.METRICS_TOKEN;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) throw new AppError(404, 'NOT_FOUND', API_MESSAGES.notFound);
    const presented = bearer(request);
    if (!presented || !sameSecret(presented, token)) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw unauthenticated();
    }
    reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}

/** METRICS_PORT: the same figures on a listener of their own, on loopback only, without a token. */
export async function startMetricsListener(metrics: Metrics, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}
