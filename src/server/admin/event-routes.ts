import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REVIEW_PRESENCE_EVENT } from '../../domain/workbench.js';
import { readSessionToken, validateSessionToken } from '../auth/public.js';
import { reviewPresence } from '../workbench/public.js';

/**
 * GET /api/admin/events: Server-Sent Events announcing merchant changes (id and kind only), with
 * heartbeats so proxies keep the stream open. EventSource reconnects by itself after `retry`.
 */
export const SHUTDOWN_RETRY_MS = 1000;

export const eventAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<ServerResponse>();
  // Open streams would hold a shutdown forever: end them first, telling the browser to reconnect in a
  // moment (by then the balancer sends it to an instance that stays).
  app.addHook('preClose', async () => {
    for (const res of open) res.end(`retry: ${SHUTDOWN_RETRY_MS}\nevent: server_restart\ndata: {}\n\n`);
  });

  const heartbeatMs = app.deps.config.SSE_HEARTBEAT_SECONDS * 1000;
  const { db, config, now } = app.deps;

  app.get(
    '/events',
    { config: { passiveSession: true }, schema: { tags: ['admin'], summary: 'Server-Sent Events of merchant changes' } },
    (request, reply) => {
      const token = readSessionToken(request, config);
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
      app.metrics.sseClients.inc();
      const unsubscribeMerchants = app.deps.events.subscribe((event) => {
        // Order changes go to the order screens under their own event name; merchant screens ignore them.
        res.write(`event: ${event.kind === 'order_changed' ? 'order' : 'merchant'}\ndata: ${JSON.stringify(event)}\n\n`);
      });
      // Who has which merchant open in review (decision 0022): admin ids and e-mails, only to signed-in admins.
      const unsubscribePresence = reviewPresence(db).subscribe((presence) => {
        res.write(`event: ${REVIEW_PRESENCE_EVENT}\ndata: ${JSON.stringify(presence)}\n\n`);
      });
      const unsubscribe = () => {
        unsubscribeMerchants();
        unsubscribePresence();
      };
      // Each heartbeat checks the session and the role again (without extending it): after a logout or the idle or
      // absolute end, the stream says so and closes; the reconnect then gets 401 and the screen signs out.
      const heartbeat = setInterval(() => {
        void (token ? validateSessionToken(db, config, token, now(), { slide: false }) : Promise.resolve(null))
          .then((session) => {
            // The role too: an admin demoted while the stream is open stops receiving admin events.
            if (session && !session.session.secondFactorPending && session.user.role === 'admin') return void res.write(': heartbeat\n\n');
            res.write('event: session_ended\ndata: {}\n\n');
            res.end();
          })
          .catch(() => res.write(': heartbeat\n\n'));
      }, heartbeatMs);
      const cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        // Called by both the request's and the response's close: count the stream once.
        if (open.delete(res)) app.metrics.sseClients.dec();
      };
      request.raw.on('close', cleanup);
      res.on('close', cleanup);
    },
  );
};
