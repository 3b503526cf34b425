import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_MESSAGES } from '../../domain/messages.js';

function apiNotFound(reply: FastifyReply) {
  return reply.status(404).send({ error: { code: 'NOT_FOUND', message: API_MESSAGES.notFound } });
}

/**
 * Serves the built client with an SPA fallback: any non-API GET that is not a file gets index.html,
 * and the client router decides what to show. `/api/...` always answers JSON.
 */
export async function registerClient(app: FastifyInstance, clientDir: string | null): Promise<void> {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : null;
  const hasClient = indexFile !== null && existsSync(indexFile);

  if (hasClient && clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: ['index.html'],
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
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  });
}
