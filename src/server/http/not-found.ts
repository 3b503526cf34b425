import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_MESSAGES } from '../../domain/messages.js';

function apiNotFound(reply: FastifyReply) {
  return reply.status(404).send({ error: { code: 'NOT_FOUND', message: API_MESSAGES.notFound } });
}

/**
 * The landing pages that have their own copy of index.html, which also preloads the page's chunks
 * (scripts/vite-page-preloads.ts): `pages/register.html` serves `/register`, `pages/index.html` serves `/`.
 */
function landingPages(clientDir: string): Map<string, string> {
  const dir = path.join(clientDir, 'pages');
  if (!existsSync(dir)) return new Map();
  const names = readdirSync(dir).filter((name) => name.endsWith('.html'));
  return new Map(names.map((name) => [name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`, `pages/${name}`]));
}

/** The path as the client router matches it: case-insensitive (docs/spec.md §2), a trailing slash ignored. */
function routeOf(url: string): string {
  return url.toLowerCase().replace(/\/+$/, '') || '/';
}

/**
 * Serves the built client with an SPA fallback: any non-API GET that is not a file gets index.html,
 * and the client router decides what to show. `/api/...` always answers JSON.
 */
export async function registerClient(app: FastifyInstance, clientDir: string | null): Promise<void> {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : null;
  const hasClient = indexFile !== null && existsSync(indexFile);
  const pages = hasClient && clientDir ? landingPages(clientDir) : new Map<string, string>();

  if (hasClient && clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      // `/` goes to the fallback below, which picks its landing page.
      index: false,
      allowedPath: (pathname) => pathname !== '/',
      wildcard: true,
      // The client build writes .br and .gz beside each file (vite.config.ts): sent compressed, without
      // compressing per request.
      preCompressed: true,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isApi = url === '/api' || url.startsWith('/api/');
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !isPage || !hasClient) return apiNotFound(reply);
    const page = pages.get(routeOf(url)) ?? 'index.html';
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile(page);
  });
}
