import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const HEARTBEAT_MS = 15_000;

/**
 * GET /api/admin/events: Server-Sent Events announcing merchant changes (id and kind only), with
 * heartbeats so proxies keep the stream open. EventSource reconnects by itself after `retry`.
 */
export const eventAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<ServerResponse>();
  // Open streams would hold a shutdown forever: end them first.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });

  app.get('/events', { schema: { tags: ['admin'], summary: 'Server-Sent Events of merchant changes' } }, (request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      Connection: 'keep-alive',
      // Buffering proxies would hold events back.
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    open.add(res);
    const unsubscribe = app.deps.events.subscribe((event) => {
      res.write(`event: merchant\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    const cleanup = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(res);
    };
    request.raw.on('close', cleanup);
    res.on('close', cleanup);
  });
};
