import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

/** The public pages worth indexing (src/client/app/router.tsx); steps and success pages are not. */
export const SITEMAP_PATHS = ['/', '/shop', '/register', '/status', '/privacy', '/terms'] as const;

// A Host header is the client's to choose: only a plain host[:port] makes it into a URL we print.
const PLAIN_HOST = /^[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:]+\](?::\d{1,5})?$/i;

/** PUBLIC_BASE_URL, or the origin the request came to (its protocol as the trusted proxy says). */
function origin(request: FastifyRequest, configured: string | undefined): string {
  if (configured) return configured;
  const host = PLAIN_HOST.test(request.host) ? request.host : 'localhost';
  return `${request.protocol}://${host}`;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** GET /robots.txt and GET /sitemap.xml: public pages open to crawlers, the admin area and the API not. */
export const crawlerRoutes: FastifyPluginAsync = async (app) => {
  const configured = app.deps.config.PUBLIC_BASE_URL;

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /api',
      'Disallow: /perbaikan',
      'Disallow: /pesanan',
      '',
      `Sitemap: ${origin(request, configured)}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const base = escapeXml(origin(request, configured));
    const urls = SITEMAP_PATHS.map((path) => `  <url><loc>${base}${path === '/' ? '/' : path}</loc></url>`);
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
  });
};
