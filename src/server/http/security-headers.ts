import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * helmet's headers, with its middleware built once at start. @fastify/helmet rebuilt it (CSP directives
 * parsed again) on every request: about 7 µs, the biggest single cost after the database on the status
 * lookup (a CPU profile under the lookup bench, 23 Nov; docs/architecture.md, Departures). Nothing here
 * uses its per-route options, nonces or `reply.helmet()`.
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

/**
 * JSON and file answers of /api are never rendered as pages, so the page headers above (a 300-byte CSP,
 * twelve headers) protect nothing there; OWASP's REST Security Cheat Sheet set does, at a fraction of the
 * per-request cost on the busiest routes (not measured alone): nothing may load, frame or sniff it.
 */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'cross-origin-resource-policy': 'same-origin',
} as const;

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) {
      reply.headers(API_HEADERS);
      return done();
    }
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
