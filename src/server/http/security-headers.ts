import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * helmet's headers, with its middleware built once at start. @fastify/helmet rebuilt it (CSP directives
 * parsed again) on every request: about 7 µs, the biggest single cost after the database on the status
 * lookup (issue 8 bench profile). Nothing here uses its per-route options, nonces or `reply.helmet()`.
 */
const applyHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'script-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      // No page frames anything: PDFs are drawn by pdf.js on a canvas (decision 0014), never in a frame.
      'frame-src': ["'none'"],
      // pdf.js's worker is a script file of this origin; never a blob: or data: worker.
      'worker-src': ["'self'"],
      'connect-src': ["'self'"],
      // Served over plain HTTP on localhost; upgrading would break every asset there.
      'upgrade-insecure-requests': null,
    },
  },
  // The COEP default blocks blob: previews of chosen files in some browsers.
  crossOriginEmbedderPolicy: false,
});

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
