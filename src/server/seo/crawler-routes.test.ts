import { describe, expect, it } from 'vitest';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';

const PAGES = ['/', '/shop', '/register', '/status', '/privacy', '/terms'];

describe('robots.txt and sitemap.xml from the request origin', () => {
  const t = testAppPerSuite();

  it('robots.txt allows the public pages and keeps crawlers out of /admin, /api, the fix links and the order pages', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'merchant.test:8080' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(
      'User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api\nDisallow: /perbaikan\nDisallow: /pesanan\n\nSitemap: http://merchant.test:8080/sitemap.xml\n',
    );
  });

  it('sitemap.xml lists the public pages, nothing of the admin area', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'merchant.test:8080' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PAGES.map((page) => `http://merchant.test:8080${page}`));
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(response.body).not.toContain('/admin');
  });

  it('ignores X-Forwarded-Host and X-Forwarded-Proto from a proxy that is not trusted (TRUST_PROXY unset)', async () => {
    const headers = { host: 'merchant.test:8080', 'x-forwarded-host': 'phish.example', 'x-forwarded-proto': 'https' };
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', headers });
    expect(robots.body).toContain('Sitemap: http://merchant.test:8080/sitemap.xml\n');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers });
    expect(sitemap.body).not.toContain('phish.example');
    expect(sitemap.body).toContain('<loc>http://merchant.test:8080/shop</loc>');
  });

  it('never prints a Host header that is not a plain host name', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'evil"><x>' } });
    expect(response.body).not.toContain('evil');
    expect(response.body).toContain('<loc>http://localhost/shop</loc>');
  });
});

describe('robots.txt and sitemap.xml with PUBLIC_BASE_URL', () => {
  const t = testAppPerSuite({ env: { PUBLIC_BASE_URL: 'https://merchant.aipos.co.id/' } });

  it('uses the configured origin whatever the request says', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'internal:3000' } });
    expect(robots.body).toContain('Sitemap: https://merchant.aipos.co.id/sitemap.xml\n');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'internal:3000' } });
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PAGES.map((page) => `https://merchant.aipos.co.id${page}`));
  });
});
